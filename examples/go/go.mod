module example.com/unimock-go

go 1.23

require github.com/testcontainers/testcontainers-go v0.37.0
