// unimock from a Go test suite, with testcontainers-go: the image on the virtual clock, the documented
// three-token link flow, a day advanced, a page of employees and the integrator report.
//
//	go mod tidy && go test ./...
//
// UNIMOCK_IMAGE names the image (default unimock:latest, what `docker build -t unimock .` makes in a clone).
package unimock_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/testcontainers/testcontainers-go"
	"github.com/testcontainers/testcontainers-go/wait"
)

const apiKey = "test_go" // a test_ key: linked accounts are TEST accounts

type unimock struct {
	t       *testing.T
	baseURL string
}

// startUnimock runs the image for one test and stops it when the test ends.
func startUnimock(t *testing.T) *unimock {
	t.Helper()
	ctx := context.Background()
	image := os.Getenv("UNIMOCK_IMAGE")
	if image == "" {
		image = "unimock:latest"
	}
	c, err := testcontainers.GenericContainer(ctx, testcontainers.GenericContainerRequest{
		ContainerRequest: testcontainers.ContainerRequest{
			Image:        image,
			ExposedPorts: []string{"4010/tcp"},
			Env:          map[string]string{"UNIMOCK_CLOCK": "virtual"},
			// The image's HEALTHCHECK is not scheduled by every engine: ask the route itself.
			WaitingFor: wait.ForHTTP("/_unimock/health").WithPort("4010/tcp").WithStartupTimeout(2 * time.Minute),
		},
		Started: true,
	})
	if c != nil {
		t.Cleanup(func() { _ = c.Terminate(context.Background()) })
	}
	if err != nil {
		t.Fatalf("start unimock: %v", err)
	}
	host, err := c.Host(ctx)
	if err != nil {
		t.Fatal(err)
	}
	port, err := c.MappedPort(ctx, "4010/tcp")
	if err != nil {
		t.Fatal(err)
	}
	return &unimock{t: t, baseURL: fmt.Sprintf("http://%s:%s", host, port.Port())}
}

// call sends a request with the API key (and an account token when given) and decodes the JSON answer.
func (u *unimock) call(method, path, accountToken string, body any, want int) map[string]any {
	u.t.Helper()
	var reader *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		reader = bytes.NewReader(b)
	} else {
		reader = bytes.NewReader(nil)
	}
	req, err := http.NewRequest(method, u.baseURL+path, reader)
	if err != nil {
		u.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+apiKey)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if accountToken != "" {
		req.Header.Set("X-Account-Token", accountToken)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		u.t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(res.Body).Decode(&out)
	if res.StatusCode != want {
		u.t.Fatalf("%s %s: status %d, want %d: %v", method, path, res.StatusCode, want, out)
	}
	return out
}

// linkAccount is the documented flow: a link token, the end user's link completed headlessly through the
// control API, and the single-use exchange of the public token for the account token.
func (u *unimock) linkAccount(category, originID string) string {
	lt := u.call("POST", "/api/"+category+"/v1/link-token", "", map[string]any{
		"end_user_origin_id":         originID,
		"end_user_organization_name": "Acme",
		"end_user_email_address":     "it@acme.test",
	}, 200)["link_token"].(string)
	pt := u.call("POST", "/_unimock/link-tokens/"+lt+"/complete", "", map[string]any{"outcome": "success"}, 200)["public_token"].(string)
	return u.call("GET", "/api/"+category+"/v1/account-token/"+pt, "", nil, 200)["account_token"].(string)
}

func TestLinkThenReadAPageADayLater(t *testing.T) {
	u := startUnimock(t)
	token := u.linkAccount("hris", "org-go")

	if status := u.call("GET", "/api/hris/v1/account-details", token, nil, 200)["status"]; status != "COMPLETE" {
		t.Fatalf("account status %v, want COMPLETE", status)
	}
	// The initial sync takes simulated minutes: a day later every model is DONE.
	now := u.call("POST", "/_unimock/clock/advance", "", map[string]any{"by": "1d"}, 200)["now"]
	if now != "2026-01-02T00:00:00.000Z" {
		t.Fatalf("clock at %v", now)
	}
	page := u.call("GET", "/api/hris/v1/employees?page_size=10", token, nil, 200)
	if n := len(page["results"].([]any)); n != 10 {
		t.Fatalf("%d employees on the page, want 10", n)
	}
	// A client that follows the service's guidance gets no finding.
	if findings := u.call("GET", "/_unimock/report", "", nil, 200)["findings"].([]any); len(findings) != 0 {
		t.Fatalf("integrator report: %v", findings)
	}
}
