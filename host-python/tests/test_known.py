"""The user's own secrets by value through the Python host: a known environment value is
redacted in a tool result as written, base64-, hex- and URL-encoded, never shown in a message,
preview or audit line; `egress_guard.known` collects credential-named variables, the Hermes
`.env` and the policy's files; every instance of the pool, rebuilt ones too, has them."""

from __future__ import annotations

import base64

from egress_guard import Guard, known

#: Not a pattern any detector knows: only its value makes it a secret.
VALUE = "qXf7Lm2Rz9Tk4Wb~"
B64 = base64.b64encode(VALUE.encode()).decode()
HEX = VALUE.encode().hex()
FORMS = {
    "plain": f"build ok, deployed with {VALUE} at 12:00",
    "base64": f"env dump: {B64}",
    "hex": f"xxd -p: {HEX}",
    "url": "GET /hook?state=qXf7Lm2Rz9Tk4Wb%7E&x=1",
}


def leaked(text: str) -> bool:
    return any(s in text for s in (VALUE, B64.rstrip("="), HEX[:16], "qXf7Lm2Rz9Tk4Wb%7E"))


def test_a_known_environment_value_is_redacted_in_every_encoding():
    g = Guard(pool_size=3)
    for text in FORMS.values():
        assert g.inspect_result("terminal", text).action == "allow"
    assert g.add_known_values([("DEPLOY_TOKEN", VALUE), ("EDITOR_THEME", "solarized-dark-2")]) == 1
    for _ in range(3):  # every instance of the pool, built before or after the values came
        for form, text in FORMS.items():
            v = g.inspect_result("terminal", text)
            assert v.action == "redact", form
            assert not leaked(v.output) and "[REDACTED:" in v.output, (form, v.output)
            said = f"{v.message} {[f.preview for f in v.findings]} {v.audit}"
            assert not leaked(said), (form, said)
    assert VALUE not in str(g.status())


def test_collect_reads_what_the_policy_names(tmp_path):
    (tmp_path / ".env").write_text("STAGING_DB_PASSWORD=Zr8#kQ2vLp0wXe\n")
    listed = tmp_path / "netrc"
    listed.write_text("machine api.example.com login bot password Pq9-wLz4Tr7xKv\n")
    env = {"DEPLOY_TOKEN": VALUE, "HOME": str(tmp_path)}
    entries = known.collect({"env": True, "hermes_env": True, "files": [str(listed)]}, env, tmp_path)
    names = [n for n, _ in entries]
    assert ("DEPLOY_TOKEN", VALUE) in entries and f"file:{tmp_path / '.env'}" in names and f"file:{listed}" in names
    assert known.collect({"env": False, "hermes_env": False, "files": []}, env, tmp_path) == []
    g = Guard()
    assert g.add_known_values(entries) == 3
    out = g.inspect_reply("the keys: Zr8#kQ2vLp0wXe and Pq9-wLz4Tr7xKv").output
    assert "Zr8#kQ2vLp0wXe" not in out and "Pq9-wLz4Tr7xKv" not in out


def test_add_from_policy_uses_the_status_settings(tmp_path):
    (tmp_path / ".env").write_text("OPENAI_API_KEY=Zr8#kQ2vLp0wXe\n")
    g = Guard(policy_text="rules:\n  secrets:\n    known_values: {env: false}\n")
    assert known.add_from_policy(g, {"DEPLOY_TOKEN": VALUE}, tmp_path) == 1  # the .env only
    assert g.inspect_result("terminal", FORMS["base64"]).action == "allow"
    assert "Zr8#kQ2vLp0wXe" not in g.inspect_reply("it is Zr8#kQ2vLp0wXe").output
