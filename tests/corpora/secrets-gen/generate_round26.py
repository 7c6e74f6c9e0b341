"""Round 26 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 25 have been read, measured or worked on, or written. Round 26 was written blind, like
rounds 5 to 25: its author saw `SPLIT.md`, `blind_round.py`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer (for the JSONL field names only), never
the rules nor anything else under `engine/`, and never ran the engine on this round while writing it.

This round leans towards credentials on their way out: the outbound channels and encodings an agent
posts through (multipart form bodies, Jira's Atlassian Document Format, Teams adaptive cards,
mail-sending APIs, forges' comment APIs, alerting events, MIME base64 parts, Kafka REST produce
requests), holding user provisioning calls, cluster join tokens, remote-desktop access, endpoint
agents' enrolment, SIP accounts, SAML service-provider settings, HSM PINs and replication
credentials.

Kind families and context families: see `SPLIT.md`, round 26. The split was committed before any
family was written; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round26.py     # rewrites round26.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import json
from pathlib import Path

from blind_round import (
    ALNUM,
    DIGITS,
    HEX,
    LOWER,
    UHEX,
    UPPER,
    R,
    b64,
    clean,
    cmd,
    cmd_clean,
    deal,
    digits,
    env,
    env_clean,
    env_pairs,
    half,
    item,
    item_path,
    password,
    pick,
    rbytes,
    rs,
    script_text,
    uuid4,
    write_round,
)

SEED = 2972
OUT = Path(__file__).with_name("round26.jsonl")

HELD_OUT_KINDS = {"hsm-token-pins", "db-replication-creds"}
HELD_OUT_CONTEXTS = {"alert-event-payload", "mime-base64-part", "kafka-rest-produce"}

# Characters no value of this round holds: JSON strings (nested twice), XML and HTML-ish text, the config syntaxes the
# kinds stand in (`;` comments, `#`, quotes) and shells would change them or end the value.
CHANGED = set("\"'\\\n\r\t$`&<>%|#{}*;")


# ---------------------------------------------------------------- helpers


def pw(excl=""):
    """A password as `blind_round.password()` makes them; a character this round's contexts (or the form it stands
    in, `excl`) would change is replaced by a letter or digit."""
    bad = CHANGED | set(excl)
    return "".join(R.choice(ALNUM) if c in bad else c for c in password())


def token(n=None):
    return rs(n or R.choice([32, 40, 48]), ALNUM)


def jdump(doc, indent=2):
    return json.dumps(doc, indent=indent, ensure_ascii=False) + "\n"


def ip():
    return f"10.{R.randint(0, 40)}.{R.randint(0, 255)}.{R.randint(2, 250)}"


def person():
    first, last = pick(("Dana", "Okafor"), ("Lena", "Brandt"), ("Mateo", "Silva"), ("Priya", "Raman"), ("Tomasz", "Wojcik"), ("Aiko", "Sato"))
    return first, last, f"{first[0].lower()}.{last.lower()}@corp.example"


def hex32():
    return rs(32, HEX)


def pin(n=None):
    return digits(n or R.choice([8, 8, 10, 12]))


# ---------------------------------------------------------------- kind: user-provisioning-apis


def user_provisioning_apis(is_clean):
    """Admin and SCIM APIs creating accounts with a first password or handing back an activation secret: SCIM `POST
    /Users`, Okta users and activation, Auth0 users and password-change tickets, Keycloak `kcadm.sh`, Microsoft
    Graph `passwordProfile`, GAM."""
    first, last, mail = person()
    if is_clean:
        form = deal("prov/clean", 5)
        if form == 0:
            doc = {
                "schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"],
                "userName": mail,
                "name": {"givenName": first, "familyName": last},
                "emails": [{"value": mail, "type": "work", "primary": True}],
                "active": True,
                "externalId": uuid4(),
            }
            return clean(jdump(doc), fmt="json", name="provisioning/scim-user.json")
        if form == 1:
            doc = {
                "profile": {"firstName": first, "lastName": last, "email": mail, "login": mail},
                "credentials": {"password": {"hook": {"type": "default"}}},
                "groupIds": ["00g" + rs(17, ALNUM)],
            }
            return clean(jdump(doc), fmt="json", name="provisioning/okta-import-user.json")
        if form == 2:
            doc = {
                "primaryEmail": mail,
                "name": {"givenName": first, "familyName": last},
                "password": rs(40, HEX),
                "hashFunction": "SHA-1",
                "changePasswordAtNextLogin": True,
                "orgUnitPath": "/Staff",
            }
            return clean(jdump(doc), fmt="json", name="provisioning/gws-user.json")
        if form == 3:
            return env_clean(
                [
                    ("OKTA_ORG_URL", "https://corp.okta.com"),
                    ("OKTA_API_TOKEN", ""),
                    ("SCIM_BASE_URL", "https://app.corp.example/scim/v2"),
                    ("DEFAULT_GROUP", "staff"),
                    ("SEND_ACTIVATION_EMAIL", "true"),
                ]
            )
        return cmd_clean(
            f"kcadm.sh create users -r corp -s username={mail.split('@')[0]} -s email={mail} -s enabled=true && "
            f"kcadm.sh update users/$(kcadm.sh get users -r corp -q username={mail.split('@')[0]} --fields id --format csv --noquotes)"
            "/execute-actions-email -r corp -b '[\"UPDATE_PASSWORD\"]'"
        )
    form = deal("prov/secret", 7)
    if form == 0:
        p = pw()
        body = json.dumps(
            {"schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"], "userName": mail, "password": p, "active": True},
            separators=(",", ":"),
        )
        text = (
            f'curl -sS -X POST https://app.corp.example/scim/v2/Users -H "Authorization: Bearer $SCIM_TOKEN" '
            f"-H 'Content-Type: application/scim+json' -d '{body}'"
        )
        return cmd(text, [("scim-password", p)], name="scripts/provision.sh")
    if form == 1:
        p = pw()
        doc = {
            "profile": {"firstName": first, "lastName": last, "email": mail, "login": mail},
            "credentials": {"password": {"value": p}},
            "groupIds": ["00g" + rs(17, ALNUM)],
        }
        return item(jdump(doc), [("okta-password", p)], fmt="json", name="provisioning/okta-user.json")
    if form == 2:
        t = rs(20, ALNUM)
        doc = {"activationUrl": f"https://corp.okta.com/welcome/{t}", "activationToken": t}
        text = f"$ okta-admin users activate 00u{rs(17, ALNUM)} --send-email=false\n" + jdump(doc)
        return item(text, [("okta-activation-token", t)], fmt="text", name="logs/okta-activate.txt")
    if form == 3:
        t = rs(32, ALNUM)
        doc = {"ticket": f"https://corp.eu.auth0.com/lo/reset?ticket={t}"}
        text = f"POST /api/v2/tickets/password-change  user_id=auth0|{rs(24, HEX)}\n" + jdump(doc)
        return item(text, [("auth0-ticket", t)], fmt="text", name="logs/auth0-ticket.txt")
    if form == 4:
        p = pw()
        return cmd(
            f"kcadm.sh set-password -r corp --username {mail.split('@')[0]} --new-password {p} --temporary",
            [("keycloak-password", p)],
            name="scripts/onboard.sh",
        )
    if form == 5:
        p = pw()
        doc = {
            "accountEnabled": True,
            "displayName": f"{first} {last}",
            "mailNickname": mail.split("@")[0].replace(".", ""),
            "userPrincipalName": mail,
            "passwordProfile": {"forceChangePasswordNextSignIn": True, "password": p},
        }
        return item(jdump(doc), [("graph-password", p)], fmt="json", name="provisioning/graph-user.json")
    p = pw()
    return cmd(
        f"gam create user {mail} firstname {first} lastname {last} password {p} changepassword on org /Staff",
        [("gam-password", p)],
        name="scripts/onboard.sh",
    )


# ---------------------------------------------------------------- kind: cluster-join-tokens

B36 = LOWER + DIGITS


def k3s_token():
    return f"K10{rs(64, HEX)}::server:{rs(32, HEX)}"


def cluster_join_tokens(is_clean):
    """Cluster join secrets: kubeadm bootstrap tokens, k3s / RKE2 tokens, Docker Swarm join tokens, Consul / Nomad
    gossip keys, MicroK8s join tokens."""
    cp = ip()
    if is_clean:
        form = deal("join/clean", 5)
        if form == 0:
            rows = [f"{'NAME':<18}{'STATUS':<9}{'ROLES':<15}{'AGE':<6}VERSION"]
            for i in range(3):
                role = "control-plane" if i == 0 else "<none>"
                rows.append(f"{'node-' + rs(5, B36):<18}{'Ready':<9}{role:<15}{str(R.randint(2, 90)) + 'd':<6}v1.31.{R.randint(1, 5)}")
            return clean("$ kubectl get nodes\n" + "\n".join(rows) + "\n", fmt="text", name="logs/nodes.txt")
        if form == 1:
            text = (
                'datacenter = "eu-west-1"\n'
                'data_dir = "/opt/consul"\n'
                "encrypt_verify_incoming = true\n"
                "encrypt_verify_outgoing = true\n"
                f'retry_join = ["{ip()}", "{ip()}"]\n'
                'acl {\n  enabled = true\n  default_policy = "deny"\n}\n'
            )
            return clean(text, fmt="hcl", name="etc/consul.d/consul.hcl")
        if form == 2:
            return cmd_clean(
                f'kubeadm join {cp}:6443 --token "$JOIN_TOKEN" --discovery-token-ca-cert-hash sha256:{rs(64, HEX)}', name="scripts/join-node.sh"
            )
        if form == 3:
            return env_clean(
                [
                    ("K3S_URL", f"https://{cp}:6443"),
                    ("K3S_TOKEN_FILE", "/run/secrets/k3s-token"),
                    ("INSTALL_K3S_VERSION", f"v1.31.{R.randint(1, 5)}+k3s1"),
                    ("K3S_NODE_NAME", "edge-" + rs(4, B36)),
                ]
            )
        rows = [f"{'ID':<30}{'HOSTNAME':<12}{'STATUS':<8}{'AVAILABILITY':<14}MANAGER STATUS"]
        for i in range(3):
            rows.append(
                f"{rs(25, B36) + (' *' if i == 0 else ''):<30}{'swarm-' + str(i + 1):<12}{'Ready':<8}{'Active':<14}{'Leader' if i == 0 else 'Reachable'}"
            )
        return clean("$ docker node ls\n" + "\n".join(rows) + "\n", fmt="text", name="logs/swarm-nodes.txt")
    form = deal("join/secret", 7)
    if form == 0:
        t = f"{rs(6, B36)}.{rs(16, B36)}"
        return cmd(
            f"kubeadm join {cp}:6443 --token {t} --discovery-token-ca-cert-hash sha256:{rs(64, HEX)}",
            [("kubeadm-token", t)],
            name="scripts/join-node.sh",
        )
    if form == 1:
        t = f"{rs(6, B36)}.{rs(16, B36)}"
        text = (
            "Your Kubernetes control-plane has initialized successfully!\n\n"
            "Then you can join any number of worker nodes by running the following on each as root:\n\n"
            f"kubeadm join {cp}:6443 --token {t} \\\n\t--discovery-token-ca-cert-hash sha256:{rs(64, HEX)}\n"
        )
        return item(text, [("kubeadm-token", t)], fmt="text", name="logs/kubeadm-init.log")
    if form == 2:
        t = k3s_token()
        return env([("K3S_URL", f"https://{cp}:6443"), ("K3S_TOKEN", t), ("K3S_NODE_NAME", "edge-" + rs(4, B36))], [("k3s-token", t)], name=".env")
    if form == 3:
        t = k3s_token() if half() else pw(":")
        text = f"server: https://{cp}:9345\ntoken: {t}\nnode-label:\n  - pool=workers\n"
        return item(text, [("rke2-token", t)], fmt="yaml", name="etc/rancher/rke2/config.yaml")
    if form == 4:
        t = f"SWMTKN-1-{rs(50, B36)}-{rs(25, B36)}"
        return cmd(f"docker swarm join --token {t} {cp}:2377", [("swarm-token", t)], name="scripts/join-swarm.sh")
    if form == 5:
        k = b64(rbytes(32))
        if half():
            text = f'datacenter = "eu-west-1"\ndata_dir = "/opt/consul"\nencrypt = "{k}"\nretry_join = ["{ip()}"]\n'
            name = "etc/consul.d/consul.hcl"
        else:
            text = f'server {{\n  enabled = true\n  bootstrap_expect = 3\n  encrypt = "{k}"\n}}\n'
            name = "etc/nomad.d/server.hcl"
        return item(text, [("gossip-key", k)], fmt="hcl", name=name)
    t = rs(32, HEX)
    return cmd(f"microk8s join {cp}:25000/{t}/{rs(12, HEX)} --worker", [("microk8s-token", t)], name="scripts/join-node.sh")


# ---------------------------------------------------------------- kind: remote-desktop-access


def remote_desktop_access(is_clean):
    """Unattended-access passwords and remote-desktop settings: Guacamole `user-mapping.xml`, `x11vnc -passwd`, RustDesk,
    AnyDesk and TeamViewer CLIs, `xfreerdp /p:`, a desktop container's `VNC_PASSWORD`."""
    hostn = pick("win-app-01.corp.example", "jump-02.corp.example", "kiosk-07.corp.example", ip())
    if is_clean:
        form = deal("rdp/clean", 5)
        if form == 0:
            text = (
                "<user-mapping>\n"
                f'    <authorize username="ops" password="{rs(32, HEX)}" encoding="md5">\n'
                '        <connection name="jump">\n'
                "            <protocol>rdp</protocol>\n"
                f'            <param name="hostname">{hostn}</param>\n'
                '            <param name="port">3389</param>\n'
                '            <param name="ignore-cert">true</param>\n'
                "        </connection>\n"
                "    </authorize>\n"
                "</user-mapping>\n"
            )
            return clean(text, fmt="xml", name="etc/guacamole/user-mapping.xml")
        if form == 1:
            text = (
                "[remmina]\n"
                "name=jump host\n"
                "protocol=RDP\n"
                f"server={hostn}\n"
                "username=svc_rdp\n"
                f"password={b64(rbytes(R.choice([16, 24, 32])))}\n"
                "resolution_mode=2\n"
            )
            return clean(text, fmt="ini", name="~/.local/share/remmina/jump.remmina")
        if form == 2:
            text = f"full address:s:{hostn}\nusername:s:CORP\\svc_rdp\nprompt for credentials:i:1\nauthentication level:i:2\nscreen mode id:i:2\n"
            return clean(text, fmt="text", name="ops/jump.rdp")
        if form == 3:
            text = f"[options]\ncustom-rendezvous-server = 'rd.corp.example'\nrelay-server = 'rd.corp.example'\nkey = '{b64(rbytes(32))}'\n"
            return clean(text, fmt="toml", name="~/.config/rustdesk/RustDesk2.toml")
        return cmd_clean(f"xfreerdp /v:{hostn} /d:CORP /u:svc_rdp /from-stdin /cert:ignore /dynamic-resolution", name="scripts/rdp.sh")
    form = deal("rdp/secret", 7)
    p = pw(":/=")
    if form == 0:
        text = (
            "<user-mapping>\n"
            f'    <authorize username="ops" password="{p}">\n'
            '        <connection name="jump">\n'
            "            <protocol>ssh</protocol>\n"
            f'            <param name="hostname">{hostn}</param>\n'
            '            <param name="port">22</param>\n'
            "        </connection>\n"
            "    </authorize>\n"
            "</user-mapping>\n"
        )
        return item(text, [("guacamole-password", p)], fmt="xml", name="etc/guacamole/user-mapping.xml")
    if form == 1:
        text = (
            "<user-mapping>\n"
            f'    <authorize username="ops" password="{rs(32, HEX)}" encoding="md5">\n'
            '        <connection name="kiosk">\n'
            "            <protocol>vnc</protocol>\n"
            f'            <param name="hostname">{hostn}</param>\n'
            '            <param name="port">5900</param>\n'
            f'            <param name="password">{p}</param>\n'
            "        </connection>\n"
            "    </authorize>\n"
            "</user-mapping>\n"
        )
        return item(text, [("guacamole-connection-password", p)], fmt="xml", name="etc/guacamole/user-mapping.xml")
    if form == 2:
        return cmd(f"x11vnc -display :0 -forever -shared -rfbport 5900 -passwd {p}", [("vnc-password", p)], name="scripts/kiosk-vnc.sh")
    if form == 3:
        text = pick(f"rustdesk --password {p}", f"echo {p} | sudo anydesk --set-password", f"sudo teamviewer passwd {p}")
        return cmd(text, [("unattended-password", p)], name="scripts/remote-support.sh")
    if form == 4:
        return cmd(f"xfreerdp /v:{hostn} /d:CORP /u:svc_rdp /p:{p} /cert:ignore /dynamic-resolution", [("rdp-password", p)], name="scripts/rdp.sh")
    if form == 5:
        return env(
            [("PUID", "1000"), ("TZ", "Europe/Berlin"), ("VNC_PASSWORD", p), ("RESOLUTION", "1920x1080")], [("vnc-password", p)], name="desktop/.env"
        )
    t = rs(R.choice([48, 64]), ALNUM)
    text = f"meshcmd meshaction --action route --localPort 13389 --remotePort 3389 --meshServer wss://mesh.corp.example --loginToken {t}"
    return cmd(text, [("meshcentral-login-token", t)], name="scripts/rdp-tunnel.sh")


# ---------------------------------------------------------------- kind: endpoint-agent-enrollment


def endpoint_agent_enrollment(is_clean):
    """Device management and endpoint agents' enrolment secrets: Fleet / osquery enrol secrets, Wazuh registration
    passwords, Jamf Pro API client secrets, Kandji API tokens, Munki Basic headers, SentinelOne site tokens."""
    if is_clean:
        form = deal("mdm/clean", 5)
        if form == 0:
            return cmd_clean(
                "osqueryd --tls_hostname=fleet.corp.example:443 --enroll_secret_path=/etc/osquery/enroll_secret "
                "--enroll_tls_endpoint=/api/osquery/enroll --config_plugin=tls --logger_plugin=tls",
                name="scripts/osquery.sh",
            )
        if form == 1:
            return env_clean(
                [
                    ("JAMF_URL", "https://corp.jamfcloud.com"),
                    ("JAMF_CLIENT_ID", uuid4()),
                    ("JAMF_CLIENT_SECRET_FILE", "/run/secrets/jamf-client-secret"),
                    ("KANDJI_API_URL", "https://corp.api.kandji.io"),
                ]
            )
        if form == 2:
            text = (
                "<ossec_config>\n  <client>\n    <server>\n      <address>wazuh.corp.example</address>\n      <port>1514</port>\n"
                "    </server>\n    <enrollment>\n      <enabled>yes</enabled>\n      <groups>linux</groups>\n"
                "      <authorization_pass_path>etc/authd.pass</authorization_pass_path>\n    </enrollment>\n  </client>\n</ossec_config>\n"
            )
            return clean(text, fmt="xml", name="var/ossec/etc/ossec.conf")
        if form == 3:
            rows = ["UUID                                  HOSTNAME        PLATFORM  OSQUERY   STATUS"]
            for _ in range(3):
                rows.append(f"{uuid4().upper()}  {'mac-' + rs(6, LOWER + DIGITS):<16}darwin    5.{R.randint(10, 14)}.{R.randint(0, 2)}    online")
            return clean("$ fleetctl get hosts\n" + "\n".join(rows) + "\n", fmt="text", name="logs/fleet-hosts.txt")
        text = (
            '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
            "  <key>SoftwareRepoURL</key>\n  <string>https://munki.corp.example/repo</string>\n"
            "  <key>ClientIdentifier</key>\n  <string>staff-laptops</string>\n"
            "  <key>InstallAppleSoftwareUpdates</key>\n  <true/>\n</dict>\n</plist>\n"
        )
        return clean(text, fmt="xml", name="Library/Preferences/ManagedInstalls.plist")
    form = deal("mdm/secret", 7)
    if form == 0:
        s = rs(32, ALNUM)
        return cmd(
            f"fleetctl package --type=pkg --fleet-url=https://fleet.corp.example --enroll-secret={s} --fleet-desktop",
            [("fleet-enroll-secret", s)],
            name="scripts/build-agent.sh",
        )
    if form == 1:
        s = rs(32, ALNUM)
        text = f"# fleet enroll secret for team staff-laptops\n{s}\n"
        return item(text, [("fleet-enroll-secret", s)], fmt="text", name="etc/osquery/enroll_secret")
    if form == 2:
        p = pw()
        return env(
            [("WAZUH_MANAGER", "wazuh.corp.example"), ("WAZUH_REGISTRATION_PASSWORD", p), ("WAZUH_AGENT_GROUP", "linux")],
            [("wazuh-registration-password", p)],
            name="deploy/wazuh-agent.env",
        )
    if form == 3:
        s = rs(64, ALNUM + "-_")
        text = (
            "curl -s -X POST https://corp.jamfcloud.com/api/oauth/token -H 'Content-Type: application/x-www-form-urlencoded' "
            f"-d client_id={uuid4()} -d grant_type=client_credentials -d client_secret={s}"
        )
        return cmd(text, [("jamf-client-secret", s)], name="scripts/jamf-token.sh")
    if form == 4:
        cred = b64(f"munki:{pw(':')}".encode())
        text = (
            '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
            "  <key>SoftwareRepoURL</key>\n  <string>https://munki.corp.example/repo</string>\n"
            "  <key>AdditionalHttpHeaders</key>\n  <array>\n"
            f"    <string>Authorization: Basic {cred}</string>\n  </array>\n</dict>\n</plist>\n"
        )
        return item(text, [("munki-basic-auth", cred)], fmt="xml", name="Library/Preferences/ManagedInstalls.plist")
    if form == 5:
        t = uuid4()
        return env(
            [("KANDJI_API_URL", "https://corp.api.kandji.io"), ("KANDJI_API_TOKEN", t), ("KANDJI_BLUEPRINT", "Staff Laptops")],
            [("kandji-api-token", t)],
            name="mdm/.env",
        )
    site = json.dumps({"url": f"https://euce1-{rs(6, LOWER)}.sentinelone.net", "site_key": rs(16, HEX)}, separators=(",", ":"))
    t = b64(site.encode())
    return cmd(f"sudo /opt/sentinelone/bin/sentinelctl management token set {t}", [("sentinelone-site-token", t)], name="scripts/edr-install.sh")


# ---------------------------------------------------------------- kind: voip-sip-accounts


def voip_sip_accounts(is_clean):
    """SIP account secrets: Asterisk `pjsip.conf`, FreeSWITCH directory users, baresip `accounts`, Linphone `linphonerc`,
    `kamctl add`, Twilio SIP credential lists, a softphone container's env."""
    ext = str(R.randint(1001, 1099))
    pbx = pick("pbx.corp.example", "sip.corp.example", "voice.corp.example")
    if is_clean:
        form = deal("sip/clean", 4)
        if form == 0:
            text = f"[{ext}-auth]\ntype=auth\nauth_type=md5\nusername={ext}\nrealm={pbx}\nmd5_cred={hex32()}\n\n[{ext}]\ntype=aor\nmax_contacts=2\n"
            return clean(text, fmt="ini", name="etc/asterisk/pjsip.conf")
        if form == 1:
            text = (
                f'<include>\n  <user id="{ext}">\n    <params>\n'
                f'      <param name="a1-hash" value="{hex32()}"/>\n'
                '      <param name="vm-password" value="$${default_password}"/>\n'
                "    </params>\n  </user>\n</include>\n"
            )
            return clean(text, fmt="xml", name=f"etc/freeswitch/directory/default/{ext}.xml")
        if form == 2:
            text = (
                "[from-internal]\n"
                f"exten => {ext},1,Dial(PJSIP/{ext},20)\n same => n,VoiceMail({ext}@default,u)\n same => n,Hangup()\n"
                "exten => 8000,1,Answer()\n same => n,ConfBridge(ops)\n"
            )
            return clean(text, fmt="ini", name="etc/asterisk/extensions.conf")
        return env_clean(
            [("SIP_USER", ext), ("SIP_REGISTRAR", pbx), ("SIP_PASSWORD_FILE", "/run/secrets/sip-password"), ("SIP_CODECS", "opus,g722,pcmu")]
        )
    form = deal("sip/secret", 7)
    p = pw(":@;=/,")
    if form == 0:
        text = f"[{ext}-auth]\ntype=auth\nauth_type=userpass\nusername={ext}\npassword={p}\n\n[{ext}]\ntype=aor\nmax_contacts=2\n"
        return item(text, [("pjsip-password", p)], fmt="ini", name="etc/asterisk/pjsip.conf")
    if form == 1:
        text = (
            f'<include>\n  <user id="{ext}">\n    <params>\n'
            f'      <param name="password" value="{p}"/>\n'
            f'      <param name="vm-password" value="{ext}"/>\n'
            "    </params>\n  </user>\n</include>\n"
        )
        return item(text, [("freeswitch-password", p)], fmt="xml", name=f"etc/freeswitch/directory/default/{ext}.xml")
    if form == 2:
        text = f"<sip:{ext}@{pbx}>;auth_pass={p};transport=tls;regint=600\n"
        return item(text, [("baresip-password", p)], fmt="text", name="~/.baresip/accounts")
    if form == 3:
        text = f"[auth_info_0]\nusername={ext}\npasswd={p}\nrealm={pbx}\ndomain={pbx}\n\n[proxy_0]\nreg_proxy=<sip:{pbx};transport=tls>\n"
        return item(text, [("linphone-password", p)], fmt="ini", name="~/.linphonerc")
    if form == 4:
        return cmd(f"kamctl add {ext}@{pbx} {p}", [("kamailio-password", p)], name="scripts/add-extension.sh")
    if form == 5:
        acc = "AC" + hex32()
        text = (
            f"curl -X POST https://api.twilio.com/2010-04-01/Accounts/{acc}/SIP/CredentialLists/CL{hex32()}/Credentials.json "
            f"--data-urlencode Username=frontdesk{ext} --data-urlencode Password={p} -u {acc}:$TWILIO_AUTH_TOKEN"
        )
        return cmd(text, [("twilio-sip-password", p)], name="scripts/twilio-sip.sh")
    return env(
        [("SIP_USER", ext), ("SIP_REGISTRAR", pbx), ("SIP_PASSWORD", p), ("SIP_CODECS", "opus,g722,pcmu")],
        [("sip-password", p)],
        name="softphone/.env",
    )


# ---------------------------------------------------------------- kind: saml-sp-settings


def pkcs8_b64():
    """A private key's base64 on one line as python3-saml takes it: a PKCS#8 RSA header, then random bytes."""
    return "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ" + b64(rbytes(R.choice([1150, 1180])))[:1560]


def x509_b64():
    return "MIIC" + rs(4, ALNUM) + "CCAbCgAwIBAgIG" + b64(rbytes(R.choice([640, 700])))


def saml_sp_settings(is_clean):
    """SAML service providers' settings: SimpleSAMLphp `config.php` / `authsources.php`, python3-saml `settings.json`,
    an SP key passphrase in `.env`, the `openssl` line that made the SP key."""
    app = pick("app", "billing", "wiki", "portal")
    if is_clean:
        form = deal("saml/clean", 4)
        if form == 0:
            doc = {
                "strict": True,
                "sp": {
                    "entityId": f"https://{app}.corp.example/saml/metadata",
                    "assertionConsumerService": {
                        "url": f"https://{app}.corp.example/saml/acs",
                        "binding": "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST",
                    },
                    "x509cert": "",
                    "privateKey": "",
                },
                "idp": {
                    "entityId": "https://corp.okta.com/exk" + rs(17, ALNUM),
                    "singleSignOnService": {"url": "https://corp.okta.com/app/corp_app_1/exk" + rs(17, ALNUM) + "/sso/saml"},
                    "x509cert": x509_b64(),
                },
            }
            return clean(jdump(doc), fmt="json", name="saml/settings.json")
        if form == 1:
            text = (
                "<?php\n$config = [\n    'default-sp' => [\n        'saml:SP',\n"
                f"        'entityID' => 'https://{app}.corp.example/simplesaml/module.php/saml/sp/metadata.php/default-sp',\n"
                "        'privatekey' => 'saml.pem',\n        'certificate' => 'saml.crt',\n        'idp' => 'https://idp.corp.example/saml2/idp/metadata.php',\n"
                "    ],\n];\n"
            )
            return clean(text, fmt="php", name="simplesamlphp/config/authsources.php")
        if form == 2:
            text = (
                f'<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://{app}.corp.example/saml/metadata">\n'
                '  <md:SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">\n'
                '    <md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data>\n'
                f"      <ds:X509Certificate>{x509_b64()}</ds:X509Certificate>\n"
                "    </ds:X509Data></ds:KeyInfo></md:KeyDescriptor>\n"
                f'    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://{app}.corp.example/saml/acs" index="0"/>\n'
                "  </md:SPSSODescriptor>\n</md:EntityDescriptor>\n"
            )
            return clean(text, fmt="xml", name="saml/sp-metadata.xml")
        return env_clean(
            [
                ("SAML_SP_ENTITY_ID", f"https://{app}.corp.example/saml/metadata"),
                ("SAML_SP_KEY_FILE", "/run/secrets/saml-sp.key"),
                ("SAML_SP_CERT_FILE", "/etc/saml/sp.crt"),
                ("SAML_IDP_METADATA_URL", "https://idp.corp.example/metadata.xml"),
            ]
        )
    form = deal("saml/secret", 6)
    if form == 0:
        p = pw()
        text = (
            "<?php\n$config = [\n    'baseurlpath' => 'simplesaml/',\n"
            f"    'auth.adminpassword' => '{p}',\n"
            "    'admin.protectindexpage' => true,\n    'technicalcontact_email' => 'ops@corp.example',\n];\n"
        )
        return item(text, [("simplesamlphp-admin-password", p)], fmt="php", name="simplesamlphp/config/config.php")
    if form == 1:
        s = rs(32, LOWER + DIGITS)
        text = f"<?php\n$config = [\n    'baseurlpath' => 'simplesaml/',\n    'secretsalt' => '{s}',\n    'timezone' => 'Europe/Berlin',\n];\n"
        return item(text, [("simplesamlphp-secretsalt", s)], fmt="php", name="simplesamlphp/config/config.php")
    if form == 2:
        p = pw()
        text = (
            "<?php\n$config = [\n    'default-sp' => [\n        'saml:SP',\n"
            "        'privatekey' => 'saml.pem',\n"
            f"        'privatekey_pass' => '{p}',\n"
            "        'certificate' => 'saml.crt',\n        'idp' => 'https://idp.corp.example/saml2/idp/metadata.php',\n    ],\n];\n"
        )
        return item(text, [("saml-key-passphrase", p)], fmt="php", name="simplesamlphp/config/authsources.php")
    if form == 3:
        k = pkcs8_b64()
        doc = {
            "strict": True,
            "sp": {
                "entityId": f"https://{app}.corp.example/saml/metadata",
                "assertionConsumerService": {"url": f"https://{app}.corp.example/saml/acs"},
                "x509cert": x509_b64(),
                "privateKey": k,
            },
        }
        return item(jdump(doc), [("saml-sp-private-key", k)], fmt="json", name="saml/settings.json")
    if form == 4:
        p = pw()
        return env(
            [
                ("SAML_SP_ENTITY_ID", f"https://{app}.corp.example/saml/metadata"),
                ("SAML_SP_KEY_PASSPHRASE", p),
                ("SAML_SP_KEY_FILE", "/etc/saml/sp.key"),
            ],
            [("saml-key-passphrase", p)],
            name=".env",
        )
    p = pw(":")
    return cmd(
        f"openssl req -x509 -newkey rsa:3072 -days 730 -keyout sp.key -out sp.crt -passout pass:{p} -subj /CN={app}.corp.example",
        [("saml-key-passphrase", p)],
        name="scripts/saml-keys.sh",
    )


# ---------------------------------------------------------------- kind: hsm-token-pins (held-out)


def hsm_token_pins(is_clean):
    """PINs and management keys of HSMs and smart cards: SoftHSM, `pkcs11-tool`, YubiHSM, `yubico-piv-tool`, PKCS#11 URIs,
    Vault's `pkcs11` seal."""
    mod = pick("/usr/lib/softhsm/libsofthsm2.so", "/usr/lib/x86_64-linux-gnu/opensc-pkcs11.so", "/usr/lib/libykcs11.so")
    if is_clean:
        form = deal("hsm/clean", 5)
        if form == 0:
            text = (
                "Available slots:\n"
                f"Slot 0 (0x{rs(8, HEX)}): SoftHSM slot ID 0x{rs(8, HEX)}\n"
                "  token label        : vault-hsm\n  token manufacturer : SoftHSM project\n  token model        : SoftHSM v2\n"
                f"  token flags        : login required, rng, token initialized, PIN initialized\n  serial num         : {rs(16, HEX)}\n"
            )
            return clean("$ pkcs11-tool -L\n" + text, fmt="text", name="logs/pkcs11-slots.txt")
        if form == 1:
            text = (
                "Version:\t5.4.3\nSerial Number:\t" + digits(8) + "\nCHUID:\t" + rs(118, UHEX) + "\nCCC:\tNo data available\n"
                "Slot 9c:\n\tAlgorithm:\tECCP256\n\tSubject DN:\tCN=release-signing\nPIN tries left:\t3\n"
            )
            return clean("$ yubico-piv-tool -a status\n" + text, fmt="text", name="logs/piv-status.txt")
        if form == 2:
            text = (
                'seal "pkcs11" {\n'
                f'  lib            = "{mod}"\n'
                '  slot           = "0"\n'
                '  key_label      = "vault-hsm-key"\n'
                '  hmac_key_label = "vault-hsm-hmac-key"\n'
                "  # pin comes from VAULT_HSM_PIN in the unit's environment file\n"
                "}\n"
            )
            return clean(text, fmt="hcl", name="etc/vault.d/seal.hcl")
        if form == 3:
            return cmd_clean(f"pkcs11-tool --module {mod} --login --list-objects --type privkey", name="scripts/hsm-check.sh")
        text = (
            "# YubiKey PIV factory defaults (change them before use)\n"
            "PIN: 123456\nPUK: 12345678\nManagement key: 010203040506070801020304050607080102030405060708\n"
        )
        return clean(text, fmt="text", name="docs/yubikey-setup.txt")
    form = deal("hsm/secret", 7)
    if form == 0:
        so, p = pin(), pw("?=/:")
        return cmd(
            f"softhsm2-util --init-token --slot 0 --label vault-hsm --so-pin {so} --pin {p}",
            [("hsm-so-pin", so), ("hsm-pin", p)],
            name="scripts/hsm-init.sh",
        )
    if form == 1:
        p = pick(pin, pw)()
        return cmd(f"pkcs11-tool --module {mod} --login --pin {p} --list-objects", [("hsm-pin", p)], name="scripts/hsm-check.sh")
    if form == 2:
        k = rs(48, HEX)
        return cmd(f"yubico-piv-tool -a set-mgm-key -n {k}", [("piv-management-key", k)], name="scripts/piv-setup.sh")
    if form == 3:
        p = pw()
        text = (
            'seal "pkcs11" {\n'
            f'  lib            = "{mod}"\n'
            '  slot           = "0"\n'
            f'  pin            = "{p}"\n'
            '  key_label      = "vault-hsm-key"\n'
            '  hmac_key_label = "vault-hsm-hmac-key"\n'
            "}\n"
        )
        return item(text, [("vault-hsm-pin", p)], fmt="hcl", name="etc/vault.d/seal.hcl")
    if form == 4:
        p = pw("?=/:")
        text = f"openssl dgst -sha256 -sign 'pkcs11:token=release;object=signing;type=private?pin-value={p}' -out app.sig app.tar.gz"
        return cmd(text, [("pkcs11-uri-pin", p)], name="scripts/sign.sh")
    if form == 5:
        p = pw()
        return env([("YUBIHSM_CONNECTOR", "http://127.0.0.1:12345"), ("YUBIHSM_AUTHKEY", "1"), ("YUBIHSM_PASSWORD", p)], [("yubihsm-password", p)])
    p = pin()
    return cmd(f"yubico-piv-tool -a verify-pin -P {p} -a import-certificate -s 9c -i release.crt", [("piv-pin", p)], name="scripts/piv-setup.sh")


# ---------------------------------------------------------------- kind: db-replication-creds (held-out)


def db_replication_creds(is_clean):
    """Replication and CDC credentials: `primary_conninfo`, `CHANGE REPLICATION SOURCE TO`, Patroni, Galera
    `wsrep_sst_auth`, a MongoDB replica-set key file, `pg_basebackup -d`, repmgr `conninfo`."""
    src = ip()
    if is_clean:
        form = deal("repl/clean", 5)
        if form == 0:
            text = (
                "# Do not edit this file manually!\n# It will be overwritten by the ALTER SYSTEM command.\n"
                f"primary_conninfo = 'user=replicator passfile=/var/lib/postgresql/.pgpass host={src} port=5432 sslmode=prefer application_name=pg-replica-1'\n"
                "primary_slot_name = 'replica_1'\n"
            )
            return clean(text, fmt="conf", name="var/lib/postgresql/16/main/postgresql.auto.conf")
        if form == 1:
            sid = uuid4()
            text = (
                "*************************** 1. row ***************************\n"
                f"             Replica_IO_State: Waiting for source to send event\n                  Source_Host: {src}\n"
                "                  Source_User: repl\n                  Source_Port: 3306\n"
                f"           Retrieved_Gtid_Set: {sid}:1-{R.randint(1000, 99999)}\n            Executed_Gtid_Set: {sid}:1-{R.randint(1000, 99999)}\n"
                "        Seconds_Behind_Source: 0\n"
            )
            return clean("mysql> SHOW REPLICA STATUS\\G\n" + text, fmt="text", name="logs/replica-status.txt")
        if form == 2:
            text = (
                "postgresql:\n  authentication:\n    replication:\n      username: replicator\n"
                "    superuser:\n      username: postgres\n  parameters:\n    max_wal_senders: 10\n"
                "# passwords: PATRONI_REPLICATION_PASSWORD and PATRONI_SUPERUSER_PASSWORD in the unit's environment\n"
            )
            return clean(text, fmt="yaml", name="etc/patroni/patroni.yml")
        if form == 3:
            text = "security:\n  keyFile: /etc/mongodb/keyfile\n  authorization: enabled\nreplication:\n  replSetName: rs0\nnet:\n  port: 27017\n"
            return clean(text, fmt="yaml", name="etc/mongod.conf")
        lsn = f"{R.randint(1, 9)}/{rs(8, UHEX)}"
        text = (
            " application_name |  client_addr  |   state   | sent_lsn  | replay_lsn | sync_state\n"
            "------------------+---------------+-----------+-----------+------------+------------\n"
            f" pg-replica-1     | {src:<13} | streaming | {lsn} | {lsn}  | async\n(1 row)\n"
        )
        return clean(
            "postgres=# SELECT application_name, client_addr, state, sent_lsn, replay_lsn, sync_state FROM pg_stat_replication;\n" + text,
            fmt="text",
            name="logs/pg-replication.txt",
        )
    form = deal("repl/secret", 7)
    p = pw("=,:@/")
    if form == 0:
        text = (
            "# Do not edit this file manually!\n# It will be overwritten by the ALTER SYSTEM command.\n"
            f"primary_conninfo = 'user=replicator password={p} host={src} port=5432 sslmode=prefer application_name=pg-replica-1'\n"
            "primary_slot_name = 'replica_1'\n"
        )
        return item(text, [("pg-replication-password", p)], fmt="conf", name="var/lib/postgresql/16/main/postgresql.auto.conf")
    if form == 1:
        text = (
            f"mysql -uroot -e \"CHANGE REPLICATION SOURCE TO SOURCE_HOST='{src}', SOURCE_USER='repl', SOURCE_PASSWORD='{p}', "
            'SOURCE_AUTO_POSITION=1, SOURCE_SSL=1; START REPLICA;"'
        )
        return cmd(text, [("mysql-replication-password", p)], name="scripts/replica-setup.sh")
    if form == 2:
        p2 = pw("=,:@/")
        text = (
            "postgresql:\n  authentication:\n    replication:\n      username: replicator\n"
            f"      password: {p}\n    superuser:\n      username: postgres\n      password: {p2}\n"
            "  parameters:\n    max_wal_senders: 10\n"
        )
        return item(text, [("patroni-replication-password", p), ("patroni-superuser-password", p2)], fmt="yaml", name="etc/patroni/patroni.yml")
    if form == 3:
        text = f"[galera]\nwsrep_on=ON\nwsrep_cluster_address=gcomm://{src},{ip()},{ip()}\nwsrep_sst_method=mariabackup\nwsrep_sst_auth=mariabackup:{p}\n"
        return item(text, [("galera-sst-password", p)], fmt="ini", name="etc/mysql/mariadb.conf.d/60-galera.cnf")
    if form == 4:
        enc = b64(rbytes(756))
        rows = [enc[i : i + 64] for i in range(0, len(enc), 64)]
        return item("\n".join(rows) + "\n", [("mongodb-keyfile", enc, rows)], fmt="text", name="etc/mongodb/keyfile")
    if form == 5:
        return cmd(
            f'pg_basebackup -d "host={src} user=replicator password={p}" -D /var/lib/postgresql/16/main -R -X stream -P',
            [("pg-replication-password", p)],
            name="scripts/replica-setup.sh",
        )
    text = (
        f"node_id=2\nnode_name='pg-2'\nconninfo='host=pg-2 user=repmgr dbname=repmgr password={p} connect_timeout=2'\n"
        "data_directory='/var/lib/postgresql/16/main'\nfailover=automatic\n"
    )
    return item(text, [("repmgr-password", p)], fmt="conf", name="etc/repmgr.conf")


# ---------------------------------------------------------------- contexts: shared


def abs_path(it):
    n = it["name"]
    if n.startswith("~/"):
        return "/home/app/" + n[2:]
    if n.startswith(("etc/", "var/", "Library/")):
        return "/" + n
    return "/srv/app/" + item_path(it)


def plain_piecer(a):
    """No value of this round holds a character its contexts would change, so the value itself (or each of its
    atoms) is its piece wherever the context shows it whole."""
    assert not set(a) & CHANGED, a
    return [a]


def item_view(it):
    """What the artefact holds of the item: ("env", pairs), ("cmd", text) or ("file", path, text)."""
    pairs = env_pairs(it)
    if pairs is not None:
        return ("env", pairs)
    if it["shape"] == "cmd":
        return ("cmd", it["text"])
    return ("file", abs_path(it), it["text"])


def service():
    return pick("billing-sync", "ingest", "partner-gateway", "ledger", "notifier")


def lang_of(it):
    return {
        "json": "json",
        "yaml": "yaml",
        "xml": "xml",
        "php": "php",
        "hcl": "hcl",
        "ini": "ini",
        "toml": "toml",
        "env": "dotenv",
        "cmd": "bash",
    }.get(it["fmt"], "text")


def plain_text(it):
    """The item as text a person pastes: an env file's lines, the command, the file."""
    v = item_view(it)
    if v[0] == "env":
        return "".join(f"{k}={x}\n" for k, x in v[1])
    if v[0] == "cmd":
        return v[1] + "\n"
    return v[2]


def intro(it):
    v = item_view(it)
    if v[0] == "env":
        return pick("The environment for the new host:", "Env values as set on the box:", "Here are the settings we ended up with:")
    if v[0] == "cmd":
        return pick("This is the command I ran:", "Ran this on the node:", "To reproduce, run:")
    return pick(f"Current `{v[1]}`:", f"Contents of {v[1]} after the change:", f"Attaching {v[1]} as it is now:")


def markdown(it):
    return f"{intro(it)}\n\n```{lang_of(it)}\n{plain_text(it)}```\n"


# -- multipart-form-body


def multipart_form_body(it):
    """A `multipart/form-data` body (CRLF, boundary lines, `Content-Disposition: form-data`): env values as fields, a
    command as a `script` field, a file as a file part; as an `http_request` call or a REPL printing a prepared
    request's body."""
    v = item_view(it)
    bnd = pick("----WebKitFormBoundary" + rs(16, ALNUM), "------------------------" + rs(16, HEX), "----------------------------" + digits(24))
    parts = []
    if v[0] == "env":
        for k, x in v[1]:
            parts.append((f'form-data; name="{k}"', None, x))
        url = f"https://ops.corp.example/api/hosts/{service()}/env"
    elif v[0] == "cmd":
        parts += [
            ('form-data; name="name"', None, f"{service()}-setup"),
            ('form-data; name="script"', None, v[1]),
            ('form-data; name="run_as"', None, "root"),
        ]
        url = "https://runbooks.corp.example/api/v1/jobs"
    else:
        fname = v[1].rsplit("/", 1)[-1]
        ctype = {"json": "application/json", "xml": "application/xml", "yaml": "application/yaml"}.get(it["fmt"], "text/plain")
        parts += [('form-data; name="path"', None, v[1]), (f'form-data; name="file"; filename="{fname}"', ctype, v[2])]
        url = f"https://files.corp.example/api/upload?folder={service()}"
    body = ""
    for disp, ctype, val in parts:
        body += f"--{bnd}\r\nContent-Disposition: {disp}\r\n" + (f"Content-Type: {ctype}\r\n" if ctype else "") + f"\r\n{val}\r\n"
    body += f"--{bnd}--\r\n"
    if half():
        args = {"method": "POST", "url": url, "headers": {"Content-Type": f"multipart/form-data; boundary={bnd}"}, "body": body}
        return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer
    text = f">>> req = requests.Request('POST', {url!r}, files=form).prepare()\n>>> print(req.body.decode())\n{body}>>> "
    return "result", "python_repl", text + "\n", plain_piecer


# -- jira-adf-comment


def adf_text(s, code=False):
    node = {"type": "text", "text": s}
    if code:
        node["marks"] = [{"type": "code"}]
    return node


def adf_para(*nodes):
    return {"type": "paragraph", "content": list(nodes)}


def jira_adf_comment(it):
    """A Jira Cloud comment in Atlassian Document Format: an introductory paragraph, then env values as a table or a
    bullet list of code-marked `K=v`, a command or a file as a `codeBlock`; as a `jira_add_comment` call or an
    `http_request` to `/rest/api/3/issue/…/comment` (the body JSON-encoded)."""
    v = item_view(it)
    content = [adf_para(adf_text(intro(it)))]
    if v[0] == "env":
        if half():
            rows = [{"type": "tableRow", "content": [{"type": "tableHeader", "content": [adf_para(adf_text(h))]} for h in ("Name", "Value")]}]
            for k, x in v[1]:
                rows.append(
                    {
                        "type": "tableRow",
                        "content": [
                            {"type": "tableCell", "content": [adf_para(adf_text(k))]},
                            {"type": "tableCell", "content": [adf_para(adf_text(x, True))]},
                        ],
                    }
                )
            content.append({"type": "table", "attrs": {"isNumberColumnEnabled": False, "layout": "default"}, "content": rows})
        else:
            content.append(
                {"type": "bulletList", "content": [{"type": "listItem", "content": [adf_para(adf_text(f"{k}={x}", True))]} for k, x in v[1]]}
            )
    else:
        text = v[1] if v[0] == "cmd" else v[2].rstrip("\n")
        content.append({"type": "codeBlock", "attrs": {"language": lang_of(it)}, "content": [adf_text(text)]})
    content.append(
        adf_para(adf_text(pick("Let me know if anything looks off.", "Closing once the deploy is green.", "Shout if you need the old values.")))
    )
    doc = {"type": "doc", "version": 1, "content": content}
    key = f"{pick('OPS', 'INFRA', 'SEC', 'IT')}-{R.randint(100, 9999)}"
    if half():
        return "args", "jira_add_comment", json.dumps({"issue_key": key, "body": doc}, ensure_ascii=False), plain_piecer
    args = {
        "method": "POST",
        "url": f"https://corp.atlassian.net/rest/api/3/issue/{key}/comment",
        "headers": {"Content-Type": "application/json", "Accept": "application/json"},
        "body": json.dumps({"body": doc}, ensure_ascii=False),
    }
    return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer


# -- adaptive-card-post


def adaptive_card_post(it):
    """A Teams message carrying an Adaptive Card: a title `TextBlock`, env values as a `FactSet`, a command or a file in
    a monospace `TextBlock`; as a `teams_post_card` call or a Graph `chatMessage` whose attachment `content` is the
    card JSON-encoded."""
    v = item_view(it)
    body = [
        {"type": "TextBlock", "text": f"{service()}: {pick('handover', 'setup notes', 'change applied')}", "weight": "Bolder", "size": "Medium"},
        {"type": "TextBlock", "text": intro(it), "wrap": True},
    ]
    if v[0] == "env":
        body.append({"type": "FactSet", "facts": [{"title": k, "value": x} for k, x in v[1]]})
    else:
        text = v[1] if v[0] == "cmd" else v[2].rstrip("\n")
        body.append({"type": "TextBlock", "text": text, "fontType": "Monospace", "wrap": True})
    card = {"$schema": "http://adaptivecards.io/schemas/adaptive-card.json", "type": "AdaptiveCard", "version": "1.4", "body": body}
    if half():
        return (
            "args",
            "teams_post_card",
            json.dumps({"team": "Platform", "channel": pick("ops", "infra-changes", "helpdesk"), "card": card}),
            plain_piecer,
        )
    att = uuid4()
    msg = {
        "body": {"contentType": "html", "content": f'<attachment id="{att}"></attachment>'},
        "attachments": [{"id": att, "contentType": "application/vnd.microsoft.card.adaptive", "contentUrl": None, "content": json.dumps(card)}],
    }
    args = {
        "method": "POST",
        "url": f"https://graph.microsoft.com/v1.0/teams/{uuid4()}/channels/19:{rs(32, HEX)}@thread.tacv2/messages",
        "headers": {"Content-Type": "application/json"},
        "body": json.dumps(msg),
    }
    return "args", "http_request", json.dumps(args), plain_piecer


# -- mail-api-send


def mail_api_send(it):
    """A mail sent through a provider's API with the item in its text body: SendGrid v3 `mail/send` (an object body),
    Postmark `/email` (a JSON-encoded body), Resend through a `send_email` tool."""
    first, _, to = person()
    subject = pick(f"{service()} access", "Settings for the new box", "As promised", "Re: onboarding")
    text = f"Hi {first},\n\n{intro(it)}\n\n{plain_text(it)}\nThanks,\nOps\n"
    view = R.randrange(3)
    if view == 0:
        body = {
            "personalizations": [{"to": [{"email": to}]}],
            "from": {"email": "ops@corp.example", "name": "Ops"},
            "subject": subject,
            "content": [{"type": "text/plain", "value": text}],
        }
        args = {"method": "POST", "url": "https://api.sendgrid.com/v3/mail/send", "headers": {"Content-Type": "application/json"}, "body": body}
        return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer
    if view == 1:
        body = {"From": "ops@corp.example", "To": to, "Subject": subject, "TextBody": text, "MessageStream": "outbound"}
        args = {
            "method": "POST",
            "url": "https://api.postmarkapp.com/email",
            "headers": {"Accept": "application/json", "Content-Type": "application/json"},
            "body": json.dumps(body, ensure_ascii=False),
        }
        return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer
    return (
        "args",
        "send_email",
        json.dumps({"provider": "resend", "from": "ops@corp.example", "to": [to], "subject": subject, "text": text}),
        plain_piecer,
    )


# -- forge-comment-apis


def forge_comment_apis(it):
    """Comment APIs of forges other than GitHub: a GitLab merge-request note, a Gitea / Forgejo issue comment, a
    Bitbucket Cloud pull-request comment (`content.raw`), an Azure DevOps pull-request thread; as calls, or GitLab's
    notes listing read back."""
    md = markdown(it)
    view = R.randrange(5)
    if view == 0:
        args = {
            "method": "POST",
            "url": f"https://gitlab.corp.example/api/v4/projects/{R.randint(10, 900)}/merge_requests/{R.randint(1, 400)}/notes",
            "body": {"body": md},
        }
    elif view == 1:
        args = {
            "method": "POST",
            "url": f"https://git.corp.example/api/v1/repos/corp/{service()}/issues/{R.randint(1, 300)}/comments",
            "body": {"body": md},
        }
    elif view == 2:
        args = {
            "method": "POST",
            "url": f"https://api.bitbucket.org/2.0/repositories/corp/{service()}/pullrequests/{R.randint(1, 300)}/comments",
            "body": json.dumps({"content": {"raw": md}}),
        }
    elif view == 3:
        args = {
            "method": "POST",
            "url": f"https://dev.azure.com/corp/Platform/_apis/git/repositories/{service()}/pullRequests/{R.randint(100, 9000)}/threads?api-version=7.1",
            "body": {"comments": [{"parentCommentId": 0, "content": md, "commentType": 1}], "status": 1},
        }
    else:
        notes = [
            {
                "id": R.randint(100000, 999999),
                "type": None,
                "body": md,
                "author": {"id": R.randint(10, 900), "username": pick("dokafor", "lbrandt", "msilva"), "name": "Ops"},
                "created_at": f"2026-12-0{R.randint(1, 7)}T{R.randint(10, 23)}:{R.randint(10, 59)}:{R.randint(10, 59)}.{rs(3, DIGITS)}Z",
                "system": False,
                "noteable_type": "MergeRequest",
                "resolvable": False,
            },
            {"id": R.randint(100000, 999999), "type": None, "body": "approved this merge request", "system": True, "noteable_type": "MergeRequest"},
        ]
        text = json.dumps(notes, indent=2, ensure_ascii=False) + "\n"
        return "result", "terminal", f"$ glab api projects/corp%2F{service()}/merge_requests/{R.randint(1, 400)}/notes\n{text}", plain_piecer
    return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer


# -- alert-event-payload (held-out)


def alert_event_payload(it):
    """An alert raised with the item in it: an Opsgenie `POST /v2/alerts` (`description`, env values in `details`), a
    PagerDuty REST incident (`body.details`), an Alertmanager webhook read back (`annotations.description`)."""
    v = item_view(it)
    svc = service()
    view = R.randrange(3)
    if view == 0:
        body = {
            "message": f"{svc}: {pick('config drift', 'manual change', 'bootstrap failed')}",
            "alias": f"{svc}-{rs(8, HEX)}",
            "priority": "P3",
            "tags": ["ops", svc],
        }
        if v[0] == "env":
            body["description"] = intro(it)
            body["details"] = dict(v[1])
        else:
            body["description"] = f"{intro(it)}\n{plain_text(it)}"
        args = {"method": "POST", "url": "https://api.eu.opsgenie.com/v2/alerts", "body": body}
        return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer
    if view == 1:
        inc = {
            "incident": {
                "type": "incident",
                "title": f"{svc}: {pick('config drift', 'manual change', 'bootstrap failed')}",
                "service": {"id": "P" + rs(6, UPPER + DIGITS), "type": "service_reference"},
                "urgency": "low",
                "body": {"type": "incident_body", "details": f"{intro(it)}\n{plain_text(it)}"},
            }
        }
        return "args", "pagerduty_create_incident", json.dumps(inc, ensure_ascii=False), plain_piecer
    labels = {"alertname": "ConfigChanged", "service": svc, "severity": "warning"}
    doc = {
        "version": "4",
        "status": "firing",
        "receiver": "ops-webhook",
        "groupLabels": {"alertname": "ConfigChanged"},
        "alerts": [
            {
                "status": "firing",
                "labels": labels,
                "annotations": {"summary": intro(it), "description": plain_text(it)},
                "startsAt": f"2026-12-07T{R.randint(10, 23)}:{R.randint(10, 59)}:{R.randint(10, 59)}Z",
                "fingerprint": rs(16, HEX),
            }
        ],
    }
    return "result", "read_file", json.dumps(doc, indent=2, ensure_ascii=False) + "\n", plain_piecer


# -- mime-base64-part (held-out)

MIME_WIDTH = 76


def mime_base64_part(it):
    """An e-mail whose attachment holds the item base64-encoded in 76-column lines (`Content-Transfer-Encoding:
    base64`): read back as an `.eml` or sent through a `send_raw_email` call. A credential's pieces are the base64
    characters that encode only its bytes, as each line shows them."""
    v = item_view(it)
    data = (script_text(it) if v[0] == "cmd" else plain_text(it)).encode()
    fname = {"env": ".env", "cmd": "run.sh"}.get(v[0]) or (v[1].rsplit("/", 1)[-1] if v[0] == "file" else "item.txt")
    enc = b64(data)
    rows = [enc[i : i + MIME_WIDTH] for i in range(0, len(enc), MIME_WIDTH)]
    first, _, to = person()
    bnd = "===============" + digits(19) + "=="
    eml = (
        f"From: Ops <ops@corp.example>\nTo: {first} <{to}>\nSubject: {pick('config for the new box', 'files you asked for', 'handover')}\n"
        f"Date: Mon, 07 Dec 2026 {R.randint(10, 23)}:{R.randint(10, 59)}:{R.randint(10, 59)} +0000\nMessage-ID: <{rs(24, HEX)}@corp.example>\n"
        f'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="{bnd}"\n\n'
        f'--{bnd}\nContent-Type: text/plain; charset="utf-8"\nContent-Transfer-Encoding: 7bit\n\nHi {first}, see the attachment.\n\n'
        f'--{bnd}\nContent-Type: application/octet-stream; name="{fname}"\nContent-Transfer-Encoding: base64\n'
        f'Content-Disposition: attachment; filename="{fname}"\n\n' + "\n".join(rows) + f"\n\n--{bnd}--\n"
    )

    def piecer(a):
        atom = a.encode()
        out, start = [], 0
        while (i := data.find(atom, start)) >= 0:
            j = i + len(atom)
            ks = [k for k in range(len(enc)) if enc[k] != "=" and (6 * k) // 8 >= i and (6 * k + 5) // 8 < j]
            lo, hi = ks[0], ks[-1] + 1
            for r in range(lo // MIME_WIDTH, (hi - 1) // MIME_WIDTH + 1):
                out.append(enc[max(lo, r * MIME_WIDTH) : min(hi, (r + 1) * MIME_WIDTH)])
            start = i + 1
        return list(dict.fromkeys(p for p in out if p))

    if half():
        return "result", "read_file", eml, piecer
    return "args", "send_raw_email", json.dumps({"from": "ops@corp.example", "to": [to], "mime": eml}), piecer


# -- kafka-rest-produce (held-out)


def kafka_rest_produce(it):
    """A Confluent REST Proxy produce request with the item in the record's JSON value (v2 `records[].value`, v3
    `value.data`), or `kcat -P` fed the record through a here-document."""
    v = item_view(it)
    svc = service()
    if v[0] == "env":
        event = {"event": "config.updated", "service": svc, "env": dict(v[1])}
    elif v[0] == "cmd":
        event = {"event": "job.requested", "job": f"{svc}-setup", "command": v[1], "requested_by": "agent"}
    else:
        event = {"event": "file.synced", "path": v[1], "content": v[2]}
    topic = pick("ops-events", "config-changes", "agent-actions")
    view = R.randrange(3)
    if view == 0:
        args = {
            "method": "POST",
            "url": f"http://rest-proxy.corp.example:8082/topics/{topic}",
            "headers": {"Content-Type": "application/vnd.kafka.json.v2+json"},
            "body": {"records": [{"key": svc, "value": event}]},
        }
        return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer
    if view == 1:
        args = {
            "method": "POST",
            "url": f"https://pkc-{rs(5, B36)}.eu-west-1.aws.confluent.cloud:443/kafka/v3/clusters/lkc-{rs(5, B36)}/topics/{topic}/records",
            "headers": {"Content-Type": "application/json"},
            "body": json.dumps({"key": {"type": "STRING", "data": svc}, "value": {"type": "JSON", "data": event}}),
        }
        return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer
    line = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
    text = f"kcat -P -b kafka-1.corp.example:9092 -t {topic} -k {svc} <<'EOF'\n{line}\nEOF"
    return "args", "terminal", json.dumps({"command": text}, ensure_ascii=False), plain_piecer


# ---------------------------------------------------------------- families

KINDS = {
    "user-provisioning-apis": user_provisioning_apis,
    "cluster-join-tokens": cluster_join_tokens,
    "remote-desktop-access": remote_desktop_access,
    "endpoint-agent-enrollment": endpoint_agent_enrollment,
    "voip-sip-accounts": voip_sip_accounts,
    "saml-sp-settings": saml_sp_settings,
    "hsm-token-pins": hsm_token_pins,
    "db-replication-creds": db_replication_creds,
}

CONTEXTS = {
    "multipart-form-body": multipart_form_body,
    "jira-adf-comment": jira_adf_comment,
    "adaptive-card-post": adaptive_card_post,
    "mail-api-send": mail_api_send,
    "forge-comment-apis": forge_comment_apis,
    "alert-event-payload": alert_event_payload,
    "mime-base64-part": mime_base64_part,
    "kafka-rest-produce": kafka_rest_produce,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r26", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
