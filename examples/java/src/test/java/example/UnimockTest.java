package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

/**
 * unimock from a Java test suite: the image on the virtual clock, the documented three-token link flow, a day
 * advanced, a page of employees and the integrator report.
 */
@Testcontainers
class UnimockTest {
    static final String API_KEY = "test_java"; // a test_ key: linked accounts are TEST accounts
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newHttpClient();

    @Container
    static final GenericContainer<?> UNIMOCK = new GenericContainer<>(
            DockerImageName.parse(System.getenv().getOrDefault("UNIMOCK_IMAGE", "unimock:latest")))
        .withExposedPorts(4010)
        .withEnv("UNIMOCK_CLOCK", "virtual")
        // The image's HEALTHCHECK is not scheduled by every engine: ask the route itself.
        .waitingFor(Wait.forHttp("/_unimock/health").forPort(4010).withStartupTimeout(Duration.ofMinutes(2)));

    static String baseUrl() {
        return "http://" + UNIMOCK.getHost() + ":" + UNIMOCK.getMappedPort(4010);
    }

    /** Sends a request with the API key (and an account token when given) and reads the JSON answer. */
    static JsonNode call(String method, String path, String accountToken, Object body, int want) throws Exception {
        HttpRequest.Builder req = HttpRequest.newBuilder(URI.create(baseUrl() + path))
            .header("Authorization", "Bearer " + API_KEY);
        if (accountToken != null) req.header("X-Account-Token", accountToken);
        if (body != null) {
            req.header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        } else {
            req.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpResponse<String> res = HTTP.send(req.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(want, res.statusCode(), method + " " + path + ": " + res.body());
        return JSON.readTree(res.body());
    }

    /**
     * The documented flow: a link token, the end user's link completed headlessly through the control API, and
     * the single-use exchange of the public token for the account token.
     */
    static String linkAccount(String category, String originId) throws Exception {
        String linkToken = call("POST", "/api/" + category + "/v1/link-token", null, Map.of(
            "end_user_origin_id", originId,
            "end_user_organization_name", "Acme",
            "end_user_email_address", "it@acme.test"), 200).get("link_token").asText();
        String publicToken = call("POST", "/_unimock/link-tokens/" + linkToken + "/complete", null,
            Map.of("outcome", "success"), 200).get("public_token").asText();
        return call("GET", "/api/" + category + "/v1/account-token/" + publicToken, null, null, 200)
            .get("account_token").asText();
    }

    @Test
    void linkThenReadAPageADayLater() throws Exception {
        String token = linkAccount("hris", "org-java");
        assertEquals("COMPLETE", call("GET", "/api/hris/v1/account-details", token, null, 200).get("status").asText());

        // The initial sync takes simulated minutes: a day later every model is DONE.
        JsonNode now = call("POST", "/_unimock/clock/advance", null, Map.of("by", "1d"), 200).get("now");
        assertEquals("2026-01-02T00:00:00.000Z", now.asText());

        JsonNode page = call("GET", "/api/hris/v1/employees?page_size=10", token, null, 200);
        assertEquals(10, page.get("results").size());

        // A client that follows the service's guidance gets no finding.
        JsonNode findings = call("GET", "/_unimock/report", null, null, 200).get("findings");
        assertTrue(findings.isEmpty(), "integrator report: " + findings);
    }
}
