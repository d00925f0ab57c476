"""A Python integration's first test against unimock: the three-token link flow, a day of syncs, a data page."""


def link_account(unimock, category, origin_id):
    # 1. your backend asks for a link token
    r = unimock.http.post(f"/api/{category}/v1/link-token", json={
        "end_user_origin_id": origin_id,
        "end_user_organization_name": "Acme",
        "end_user_email_address": "it@acme.test",
    })
    assert r.status_code == 200, r.text
    link_token = r.json()["link_token"]
    # 2. the end user links in the widget; a test completes it headlessly through the control API
    r = unimock.http.post(f"/_unimock/link-tokens/{link_token}/complete", json={"outcome": "success"})
    assert r.status_code == 200, r.text
    public_token = r.json()["public_token"]
    # 3. your backend exchanges the public token, once, for the account token it keeps
    r = unimock.http.get(f"/api/{category}/v1/account-token/{public_token}")
    assert r.status_code == 200, r.text
    return r.json()["account_token"]


def test_link_then_read_a_page_a_day_later(unimock):
    account_token = link_account(unimock, "hris", "org-pytest")
    headers = {"X-Account-Token": account_token}

    details = unimock.http.get("/api/hris/v1/account-details", headers=headers).json()
    assert details["status"] == "COMPLETE"

    # The initial sync takes simulated minutes: a day later every model is DONE.
    assert unimock.advance("1d").startswith("2026-01-02")
    status = unimock.http.get("/api/hris/v1/sync-status", headers=headers).json()
    assert {model["status"] for model in status["results"]} == {"DONE"}

    page = unimock.http.get("/api/hris/v1/employees", params={"page_size": 10}, headers=headers).json()
    assert len(page["results"]) == 10
    assert page["next"] is not None


def test_public_token_is_single_use(unimock):
    r = unimock.http.post("/api/ats/v1/link-token", json={"end_user_origin_id": "org-once"})
    public_token = unimock.http.post(
        f"/_unimock/link-tokens/{r.json()['link_token']}/complete", json={}).json()["public_token"]
    assert unimock.http.get(f"/api/ats/v1/account-token/{public_token}").status_code == 200
    again = unimock.http.get(f"/api/ats/v1/account-token/{public_token}")
    assert again.status_code == 400
    # The integrator report names what the second exchange did wrong.
    report = unimock.http.get("/_unimock/report").json()
    assert "token_reused" in [finding["code"] for finding in report["findings"]]
