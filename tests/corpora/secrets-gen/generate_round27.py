"""Round 27 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 26 have been read, measured or worked on, or written. Round 27 was written blind, like
rounds 5 to 26: its author saw `SPLIT.md`, `blind_round.py`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer (for the JSONL field names only), never
the rules nor anything else under `engine/`, and never ran the engine on this round while writing it.

This round leans towards operational back-office and appliance credentials (game servers' RCON, print
and scan services, ERP RFC connectors, ACME / PKI enrolment, SAN CHAP and NAS APIs, SMPP gateways,
Node-RED / OPC UA flows, metrics agents' outputs, chat servers' shared secrets, self-hosted web
analytics, Tor control and onion client keys, hypervisor API tokens) on new outbound channels
(cloud-init user data, Elasticsearch `_bulk` bodies, task trackers' APIs, paste services, requests to
another LLM's API, HTTP chunked bodies, log intake APIs, archives extracted to stdout).

Kind families and context families: see `SPLIT.md`, round 27. The split was committed before any
family was written; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round27.py     # rewrites round27.jsonl beside this file

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
    b64url,
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

SEED = 3083
OUT = Path(__file__).with_name("round27.jsonl")

HELD_OUT_KINDS = {"chat-server-secrets", "web-analytics-selfhosted", "tor-anonymity-configs", "hypervisor-api-tokens"}
HELD_OUT_CONTEXTS = {"http-chunked-body", "log-intake-api", "archive-extract-stdout"}

# Characters no value of this round holds: JSON strings (nested twice), YAML block scalars, NDJSON, the config syntaxes
# the kinds stand in (`;` comments, `#`, quotes, `,` lists) and shells would change them or end the value.
CHANGED = set("\"'\\\n\r\t$`&<>%|#{}*;, ")
# What a value inside a URL (userinfo or query) also never holds.
URLISH = ":/@?=+[]!~"

B32 = "abcdefghijklmnopqrstuvwxyz234567"
B36 = LOWER + DIGITS


# ---------------------------------------------------------------- helpers


def pw(excl=""):
    """A password as `blind_round.password()` makes them; a character this round's contexts (or the form it stands
    in, `excl`) would change is replaced by a letter or digit."""
    bad = CHANGED | set(excl)
    return "".join(R.choice(ALNUM) if c in bad else c for c in password())


def jdump(doc, indent=2):
    return json.dumps(doc, indent=indent, ensure_ascii=False) + "\n"


def ip():
    return f"10.{R.randint(0, 40)}.{R.randint(0, 255)}.{R.randint(2, 250)}"


def host():
    return pick("web01", "edge-02", "app-ams-3", "batch-7", "gw-fra-1")


# ---------------------------------------------------------------- kind: game-server-rcon


def game_server_rcon(is_clean):
    """Dedicated game servers' remote-console and admin secrets: Minecraft `server.properties` `rcon.password`, `mcrcon
    -p`, the itzg container's `RCON_PASSWORD`, Source / CS2 `rcon_password` and Steam game-server login tokens
    (`+sv_setsteamaccount`), Factorio `--rcon-password`, ARK `ServerAdminPassword`."""
    srv = pick("mc.corp.example", "games-01.corp.example", ip())
    if is_clean:
        form = deal("rcon/clean", 4)
        if form == 0:
            text = (
                "#Minecraft server properties\n"
                f"#Mon Dec 07 {R.randint(10, 23)}:{R.randint(10, 59)}:{R.randint(10, 59)} UTC 2026\n"
                "enable-rcon=false\n"
                "rcon.port=25575\n"
                "rcon.password=\n"
                f"level-seed=-{digits(18)}\n"
                "server-port=25565\n"
                "online-mode=true\n"
                "white-list=true\n"
            )
            return clean(text, fmt="ini", name="srv/minecraft/server.properties")
        if form == 1:
            text = (
                f'hostname "Corp LAN {R.randint(1, 9)}"\n'
                'sv_password ""\n'
                "sv_lan 0\n"
                f"host_workshop_collection {digits(10)}\n"
                "// rcon is off on this server: no rcon_password, no +sv_setsteamaccount\n"
                "mp_autoteambalance 1\n"
            )
            return clean(text, fmt="text", name="srv/cs2/game/csgo/cfg/server.cfg")
        if form == 2:
            names = ", ".join(pick("Steve", "Alex", "dokafor", "lbrandt", "msilva") for _ in range(2))
            return clean(
                f"$ docker exec mc rcon-cli list\nThere are 2 of a max of 20 players online: {names}\n", fmt="text", name="logs/mc-players.txt"
            )
        return env_clean(
            [("EULA", "TRUE"), ("TYPE", "PAPER"), ("ENABLE_RCON", "true"), ("RCON_PASSWORD_FILE", "/run/secrets/rcon_password"), ("MEMORY", "4G")],
            name="minecraft/.env",
        )
    form = deal("rcon/secret", 7)
    p = pw()
    if form == 0:
        text = f"#Minecraft server properties\nenable-rcon=true\nrcon.port=25575\nrcon.password={p}\nserver-port=25565\nonline-mode=true\n"
        return item(text, [("minecraft-rcon-password", p)], fmt="ini", name="srv/minecraft/server.properties")
    if form == 1:
        return cmd(f"mcrcon -H {srv} -P 25575 -p {p} 'whitelist add Steve' 'save-all'", [("minecraft-rcon-password", p)], name="scripts/mc-admin.sh")
    if form == 2:
        return env(
            [("EULA", "TRUE"), ("TYPE", "PAPER"), ("ENABLE_RCON", "true"), ("RCON_PASSWORD", p), ("MEMORY", "4G")],
            [("minecraft-rcon-password", p)],
            name="minecraft/.env",
        )
    if form == 3:
        text = f'hostname "Corp LAN {R.randint(1, 9)}"\nrcon_password "{p}"\nsv_lan 0\nmp_autoteambalance 1\n'
        return item(text, [("source-rcon-password", p)], fmt="text", name="srv/cs2/game/csgo/cfg/server.cfg")
    if form == 4:
        t = rs(32, UHEX)
        return cmd(
            f"./game/bin/linuxsteamrt64/cs2 -dedicated -port 27015 +map de_dust2 +game_type 0 +game_mode 1 +sv_setsteamaccount {t}",
            [("steam-gslt", t)],
            name="scripts/cs2.sh",
        )
    if form == 5:
        return cmd(
            f"./bin/x64/factorio --start-server saves/corp.zip --server-settings data/server-settings.json --rcon-port 27015 --rcon-password {p}",
            [("factorio-rcon-password", p)],
            name="scripts/factorio.sh",
        )
    text = f"[ServerSettings]\nRCONEnabled=True\nRCONPort=27020\nServerAdminPassword={p}\nMaxPlayers=20\nDifficultyOffset=1.0\n"
    return item(text, [("ark-admin-password", p)], fmt="ini", name="srv/ark/ShooterGame/Saved/Config/LinuxServer/GameUserSettings.ini")


# ---------------------------------------------------------------- kind: print-scan-services


def print_scan_services(is_clean):
    """Print and scan services: CUPS queues on SMB shares with the account in the device URI (`lpadmin -v`,
    `printers.conf` `DeviceURI`), PaperCut web-services auth tokens (`server-command set-config`, the XML-RPC API's
    first argument), a multifunction printer's scan-to-e-mail SMTP password and scan-to-folder address book."""
    q = pick("Finance-MFP", "HR-Laser", "Floor3-Color", "Warehouse-Labels")
    if is_clean:
        form = deal("print/clean", 4)
        if form == 0:
            text = (
                "$ lpstat -v\n"
                f"device for {q}: ipps://mfp-{rs(2, DIGITS)}.corp.example:443/ipp/print\n"
                f"device for Zebra-ZD421: usb://Zebra%20Technologies/ZTC%20ZD421-203dpi%20ZPL?serial=D4J{rs(9, UPPER + DIGITS)}\n"
                "device for PDF: cups-pdf:/\n"
            )
            return clean(text, fmt="text", name="logs/lpstat.txt")
        if form == 1:
            text = (
                f"<Printer {q}>\n"
                f"PrinterId {R.randint(2, 40)}\n"
                f"UUID urn:uuid:{uuid4()}\n"
                "Info Finance multifunction\n"
                "Location 3rd floor\n"
                f"DeviceURI ipp://mfp-{rs(2, DIGITS)}.corp.example/ipp/print\n"
                "AuthInfoRequired username,password\n"
                "State Idle\n"
                "Accepting Yes\n"
                "</Printer>\n"
            )
            return clean(text, fmt="text", name="etc/cups/printers.conf")
        if form == 2:
            text = (
                "$ server-command get-config auth.webservices.allowed-addresses\n"
                f"{ip()},{ip()}\n"
                "$ server-command get-config auth.webservices.auth-token\n"
                "********\n"
            )
            return clean(text, fmt="text", name="logs/papercut-config.txt")
        text = (
            f"$ lpoptions -p {q}\n"
            f"copies=1 device-uri=ipps://mfp-{rs(2, DIGITS)}.corp.example:443/ipp/print finishings=3 job-cancel-after=10800 "
            f"marker-levels=61,48,72,90 printer-is-shared=false printer-uuid=urn:uuid:{uuid4()} sides=two-sided-long-edge\n"
        )
        return clean(text, fmt="text", name="logs/lpoptions.txt")
    form = deal("print/secret", 6)
    if form == 0:
        p = pw(URLISH)
        return cmd(
            f"lpadmin -p {q} -E -v smb://CORP/svc_print:{p}@printsrv01.corp.example/{q} -P /usr/share/ppd/corp/{q}.ppd -o printer-is-shared=false",
            [("cups-smb-password", p)],
            name="scripts/add-printer.sh",
        )
    if form == 1:
        p = pw(URLISH)
        text = (
            f"<Printer {q}>\n"
            f"UUID urn:uuid:{uuid4()}\n"
            "Info Finance multifunction\n"
            f"DeviceURI smb://svc_print:{p}@printsrv01.corp.example/{q}\n"
            "State Idle\n"
            "Accepting Yes\n"
            "</Printer>\n"
        )
        return item(text, [("cups-smb-password", p)], fmt="text", name="etc/cups/printers.conf")
    if form == 2:
        t = rs(R.choice([24, 32]), ALNUM)
        return cmd(
            f"/opt/PaperCut\\ MF/server/bin/linux-x64/server-command set-config auth.webservices.auth-token {t}",
            [("papercut-auth-token", t)],
            name="scripts/papercut-setup.sh",
        )
    if form == 3:
        t = rs(R.choice([24, 32]), ALNUM)
        text = (
            "from xmlrpc.client import ServerProxy\n\n"
            'proxy = ServerProxy("https://papercut.corp.example:9192/rpc/api/xmlrpc")\n'
            f'AUTH = "{t}"\n\n'
            'for user in ("dokafor", "lbrandt"):\n'
            "    print(user, proxy.api.getUserAccountBalance(AUTH, user))\n"
        )
        return item(text, [("papercut-auth-token", t)], fmt="python", name="tools/papercut_balances.py")
    if form == 4:
        p = pw()
        text = (
            '<?xml version="1.0" encoding="UTF-8"?>\n<DeviceSettings model="MFP-C3500">\n  <ScanToEmail>\n'
            "    <SmtpServer>smtp.corp.example</SmtpServer>\n    <SmtpPort>587</SmtpPort>\n    <UseStartTls>true</UseStartTls>\n"
            f"    <SmtpUser>scanner@corp.example</SmtpUser>\n    <SmtpPassword>{p}</SmtpPassword>\n"
            "    <DefaultFrom>scanner@corp.example</DefaultFrom>\n  </ScanToEmail>\n</DeviceSettings>\n"
        )
        return item(text, [("scan-smtp-password", p)], fmt="xml", name="backups/mfp-settings.xml")
    p = pw()
    text = (
        "No.,Name,Type,Path,User,Password\n"
        f"1,Finance scans,SMB,\\\\\\\\fs01.corp.example\\\\scans\\\\finance,CORP\\\\svc_scan,{p}\n"
        "2,Reception,Email,reception@corp.example,,\n"
    )
    text = text.replace("\\\\", "\\")
    return item(text, [("scan-folder-password", p)], fmt="csv", name="backups/mfp-addressbook.csv")


# ---------------------------------------------------------------- kind: erp-rfc-connectors


def erp_rfc_connectors(is_clean):
    """ERP connectors' logons: SAP RFC (`sapnwrfc.ini` `PASSWD=`, PyRFC `Connection(passwd=…)`, SAP JCo
    `jco.client.passwd`), SAP Business One Service Layer `Login`, NetSuite token-based authentication secrets,
    Dynamics 365 Business Central web-service access keys."""
    sid = pick("PRD", "QAS", "P01", "ERP")
    sap = f"sap-{sid.lower()}.corp.example"
    if is_clean:
        form = deal("erp/clean", 4)
        if form == 0:
            text = (
                f"DEST={sid}\nASHOST={sap}\nSYSNR=00\nCLIENT=100\nLANG=EN\n"
                "SNC_MODE=1\nSNC_QOP=9\n"
                f"SNC_PARTNERNAME=p:CN={sid}, OU=SAP, O=Corp, C=DE\n"
                "SNC_LIB=/usr/sap/nwrfcsdk/lib/libsapcrypto.so\n"
            )
            return clean(text, fmt="ini", name="etl/sapnwrfc.ini")
        if form == 1:
            return env_clean(
                [
                    ("NETSUITE_ACCOUNT_ID", f"{digits(7)}_SB1"),
                    ("NETSUITE_CONSUMER_KEY", ""),
                    ("NETSUITE_CONSUMER_SECRET", ""),
                    ("NETSUITE_TOKEN_ID", ""),
                    ("NETSUITE_TOKEN_SECRET", ""),
                ]
            )
        if form == 2:
            doc = {
                "odata.metadata": "https://b1-sl.corp.example:50000/b1s/v1/$metadata#BusinessPartners",
                "value": [
                    {"CardCode": f"C{R.randint(10000, 99999)}", "CardName": pick("Northwind Traders", "Contoso Ltd"), "CardType": "cCustomer"},
                    {"CardCode": f"V{R.randint(10000, 99999)}", "CardName": pick("Fabrikam Inc", "Tailspin Toys"), "CardType": "cSupplier"},
                ],
            }
            return clean(
                "$ curl -sk -b cookies.txt 'https://b1-sl.corp.example:50000/b1s/v1/BusinessPartners?$select=CardCode,CardName,CardType'\n"
                + jdump(doc),
                fmt="text",
                name="logs/b1-partners.txt",
            )
        text = (
            ">>> conn.call('RFC_SYSTEM_INFO')['RFCSI_EXPORT']\n"
            f"{{'RFCPROTO': '011', 'RFCCHARTYP': '4103', 'RFCINTTYP': 'LIT', 'RFCFLOTYP': 'IE3', 'RFCDEST': '{sid.lower()}app01_{sid}_00', "
            f"'RFCHOST': '{sid.lower()}app01', 'RFCSYSID': '{sid}', 'RFCDATABS': '{sid}', 'RFCDBHOST': 'hana{R.randint(1, 9)}', 'RFCDBSYS': 'HDB', "
            f"'RFCSAPRL': '758', 'RFCKERNRL': '793', 'RFCINSTNO': '{digits(10)}'}}\n"
        )
        return clean(text, fmt="text", name="logs/rfc-info.txt")
    form = deal("erp/secret", 6)
    if form == 0:
        p = pw("=")
        text = f"DEST={sid}\nASHOST={sap}\nSYSNR=00\nCLIENT=100\nUSER=RFC_BATCH\nPASSWD={p}\nLANG=EN\n"
        return item(text, [("sap-rfc-password", p)], fmt="ini", name="etl/sapnwrfc.ini")
    if form == 1:
        p = pw()
        text = (
            "from pyrfc import Connection\n\n"
            f"conn = Connection(ashost='{sap}', sysnr='00', client='100', user='RFC_BATCH', passwd='{p}', lang='EN')\n"
            "rows = conn.call('RFC_READ_TABLE', QUERY_TABLE='KNA1', DELIMITER='|', ROWCOUNT=100)\n"
        )
        return item(text, [("sap-rfc-password", p)], fmt="python", name="etl/sap_extract.py")
    if form == 2:
        p = pw()
        body = json.dumps({"CompanyDB": pick("SBODEMOUS", "CORP_PROD"), "UserName": "manager", "Password": p}, separators=(",", ":"))
        return cmd(
            f"curl -sk -c cookies.txt -X POST https://b1-sl.corp.example:50000/b1s/v1/Login -H 'Content-Type: application/json' -d '{body}'",
            [("sap-b1-password", p)],
            name="scripts/b1-login.sh",
        )
    if form == 3:
        cs, ts = rs(64, HEX), rs(64, HEX)
        return env(
            [
                ("NETSUITE_ACCOUNT_ID", f"{digits(7)}_SB1"),
                ("NETSUITE_CONSUMER_KEY", rs(64, HEX)),
                ("NETSUITE_CONSUMER_SECRET", cs),
                ("NETSUITE_TOKEN_ID", rs(64, HEX)),
                ("NETSUITE_TOKEN_SECRET", ts),
            ],
            [("netsuite-consumer-secret", cs), ("netsuite-token-secret", ts)],
            name="integrations/netsuite/.env",
        )
    if form == 4:
        k = b64(rbytes(32))
        return cmd(
            f"curl -s -u 'SVC_API:{k}' \"https://bc.corp.example:7048/BC/ODataV4/Company('CRONUS%20DE')/customers?\\$top=5\"",
            [("bc-web-service-key", k)],
            name="scripts/bc-export.sh",
        )
    p = pw("=:")
    text = (
        f"jco.client.ashost={sap}\njco.client.sysnr=00\njco.client.client=100\njco.client.user=RFC_JCO\n"
        f"jco.client.passwd={p}\njco.client.lang=en\njco.destination.pool_capacity=5\n"
    )
    return item(text, [("sap-jco-password", p)], fmt="properties", name=f"connector/{sid}.jcoDestination")


# ---------------------------------------------------------------- kind: acme-pki-enrollment


def acme_pki_enrollment(is_clean):
    """Certificate enrolment secrets: ACME external account binding HMAC keys (certbot, acme.sh, lego), CFSSL
    `auth_keys`, SCEP challenges in an Apple configuration profile, step-ca's initial password, EJBCA enrolment
    codes."""
    fq = f"{pick('vpn', 'api', 'portal', 'mail')}.corp.example"
    kid = b64url(rbytes(16))
    if is_clean:
        form = deal("acme/clean", 4)
        if form == 0:
            return cmd_clean(
                f"certbot certonly --standalone --non-interactive --agree-tos -m ops@corp.example --server https://acme.zerossl.com/v2/DV90 "
                f'--eab-kid {kid} --eab-hmac-key "$EAB_HMAC_KEY" -d {fq}',
                name="scripts/cert.sh",
            )
        if form == 1:
            fp = rs(64, HEX)
            text = f"$ step certificate fingerprint root_ca.crt\n{fp}\n$ step ca bootstrap --ca-url https://ca.corp.example --fingerprint {fp}\nThe root certificate has been saved in ~/.step/certs/root_ca.crt.\n"
            return clean(text, fmt="text", name="logs/step-bootstrap.txt")
        if form == 2:
            doc = {
                "body": {
                    "key": {"kty": "RSA", "n": b64url(rbytes(256)), "e": "AQAB"},
                    "contact": ["mailto:ops@corp.example"],
                    "status": "valid",
                },
                "uri": f"https://acme-v02.api.letsencrypt.org/acme/acct/{digits(10)}",
            }
            return clean(jdump(doc), fmt="json", name="etc/letsencrypt/accounts/acme-v02.api.letsencrypt.org/directory/regr.json")
        doc = {
            "signing": {
                "default": {"expiry": "8760h"},
                "profiles": {"server": {"usages": ["signing", "key encipherment", "server auth"], "expiry": "8760h", "auth_key": "primary"}},
            },
            "auth_keys": {"primary": {"type": "standard", "key": "env:CFSSL_AUTH_KEY"}},
        }
        return clean(jdump(doc), fmt="json", name="pki/ca-config.json")
    form = deal("acme/secret", 7)
    if form == 0:
        k = b64url(rbytes(64))
        return cmd(
            f"certbot certonly --standalone --non-interactive --agree-tos -m ops@corp.example --server https://acme.zerossl.com/v2/DV90 "
            f"--eab-kid {kid} --eab-hmac-key {k} -d {fq}",
            [("acme-eab-hmac-key", k)],
            name="scripts/cert.sh",
        )
    if form == 1:
        k = b64url(rbytes(32))
        return cmd(
            f"acme.sh --register-account -m ops@corp.example --server google --eab-kid {rs(32, HEX)} --eab-hmac-key {k}",
            [("acme-eab-hmac-key", k)],
            name="scripts/acme-register.sh",
        )
    if form == 2:
        k = b64url(rbytes(32))
        return cmd(
            f"lego --email ops@corp.example --server https://acme.sectigo.com/v2/OV --eab --kid {kid} --hmac {k} --dns route53 -d {fq} run",
            [("acme-eab-hmac-key", k)],
            name="scripts/cert.sh",
        )
    if form == 3:
        k = rs(32, HEX)
        doc = {
            "signing": {"profiles": {"server": {"usages": ["signing", "key encipherment", "server auth"], "expiry": "8760h", "auth_key": "primary"}}},
            "auth_keys": {"primary": {"type": "standard", "key": k}},
        }
        return item(jdump(doc), [("cfssl-auth-key", k)], fmt="json", name="pki/ca-config.json")
    if form == 4:
        c = rs(32, UHEX)
        text = (
            '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n  <key>PayloadContent</key>\n  <array>\n    <dict>\n'
            "      <key>PayloadType</key>\n      <string>com.apple.security.scep</string>\n"
            "      <key>PayloadContent</key>\n      <dict>\n"
            "        <key>URL</key>\n        <string>https://ndes.corp.example/certsrv/mscep/mscep.dll</string>\n"
            f"        <key>Challenge</key>\n        <string>{c}</string>\n"
            "        <key>Keysize</key>\n        <integer>2048</integer>\n      </dict>\n    </dict>\n  </array>\n</dict>\n</plist>\n"
        )
        return item(text, [("scep-challenge", c)], fmt="xml", name="profiles/wifi-cert.mobileconfig")
    if form == 5:
        p = pw()
        return env(
            [
                ("DOCKER_STEPCA_INIT_NAME", "CorpCA"),
                ("DOCKER_STEPCA_INIT_DNS_NAMES", "ca.corp.example,localhost"),
                ("DOCKER_STEPCA_INIT_PROVISIONER_NAME", "ops@corp.example"),
                ("DOCKER_STEPCA_INIT_PASSWORD", p),
            ],
            [("step-ca-password", p)],
            name="pki/step-ca.env",
        )
    p = pw()
    return cmd(
        f"bin/ejbca.sh ra addendentity --username {fq.split('.')[0]}-gw --dn CN={fq} --caname CorpIssuingCA --type 1 --token P12 "
        f"--password {p} --certprofile SERVER --eeprofile SERVER",
        [("ejbca-enrolment-code", p)],
        name="scripts/ejbca-add.sh",
    )


# ---------------------------------------------------------------- kind: san-storage-chap


def iqn(what):
    return f"iqn.2026-12.example.corp:{what}"


def san_storage_chap(is_clean):
    """Block storage and NAS logons: iSCSI CHAP secrets (`iscsid.conf`, `iscsiadm --op update`, `targetcli set auth`),
    TrueNAS API keys, Synology DSM `auth.cgi` logins, a NetApp Trident backend's `password`."""
    portal = f"{ip()}:3260"
    if is_clean:
        form = deal("san/clean", 4)
        if form == 0:
            text = (
                "node.startup = automatic\n"
                "# To enable CHAP authentication set node.session.auth.authmethod\n"
                "# to CHAP. The default is None.\n"
                "#node.session.auth.authmethod = CHAP\n\n"
                "# To set a CHAP username and password for initiator\n"
                "# authentication by the target(s), uncomment the following lines:\n"
                "#node.session.auth.username = username\n"
                "#node.session.auth.password = password\n\n"
                "node.session.timeo.replacement_timeout = 120\n"
            )
            return clean(text, fmt="ini", name="etc/iscsi/iscsid.conf")
        if form == 1:
            rows = [f"tcp: [{i + 1}] {ip()}:3260,1 {iqn('storage.lun' + str(i + 1))} (non-flash)" for i in range(R.randint(2, 3))]
            return clean("$ sudo iscsiadm -m session\n" + "\n".join(rows) + "\n", fmt="text", name="logs/iscsi-sessions.txt")
        if form == 2:
            keys = [
                {
                    "id": i,
                    "name": pick("backup-script", "grafana", "ansible", "csi-driver"),
                    "created_at": {"$date": ts_ms()},
                    "key": f"{i}-************",
                }
                for i in (R.randint(2, 5), R.randint(6, 12))
            ]
            return clean("$ midclt call api_key.query\n" + json.dumps(keys) + "\n", fmt="text", name="logs/truenas-keys.txt")
        doc = {
            "version": 1,
            "storageDriverName": "ontap-san",
            "managementLIF": ip(),
            "svm": "svm_iscsi",
            "credentials": {"name": "ontap-san-secret", "type": "secret"},
            "igroupName": "trident",
        }
        return clean(jdump(doc), fmt="json", name="trident/backend-ontap-san.json")
    form = deal("san/secret", 6)
    chap = rs(R.randint(12, 16), ALNUM)
    if form == 0:
        text = (
            "node.startup = automatic\n"
            "node.session.auth.authmethod = CHAP\n"
            f"node.session.auth.username = {iqn('client.' + host())}\n"
            f"node.session.auth.password = {chap}\n"
            "node.session.timeo.replacement_timeout = 120\n"
        )
        return item(text, [("iscsi-chap-secret", chap)], fmt="ini", name="etc/iscsi/iscsid.conf")
    if form == 1:
        return cmd(
            f"iscsiadm -m node -T {iqn('storage.lun1')} -p {portal} --op update -n node.session.auth.password -v {chap}",
            [("iscsi-chap-secret", chap)],
            name="scripts/iscsi-login.sh",
        )
    if form == 2:
        return cmd(
            f"targetcli /iscsi/{iqn('storage.lun1')}/tpg1/acls/{iqn('client.' + host())} set auth userid=initiator01 password={chap}",
            [("iscsi-chap-secret", chap)],
            name="scripts/target-acl.sh",
        )
    if form == 3:
        k = f"{R.randint(2, 19)}-{rs(64, ALNUM)}"
        return cmd(
            f'curl -s -H "Authorization: Bearer {k}" https://truenas.corp.example/api/v2.0/pool/dataset?name=tank/backups',
            [("truenas-api-key", k)],
            name="scripts/nas-check.sh",
        )
    if form == 4:
        p = pw(URLISH)
        return cmd(
            "curl -sk 'https://nas.corp.example:5001/webapi/auth.cgi?api=SYNO.API.Auth&version=6&method=login"
            f"&account=backup&passwd={p}&session=FileStation&format=sid'",
            [("synology-password", p)],
            name="scripts/nas-login.sh",
        )
    p = pw()
    doc = {
        "version": 1,
        "storageDriverName": "ontap-san",
        "managementLIF": ip(),
        "svm": "svm_iscsi",
        "username": "vsadmin",
        "password": p,
        "igroupName": "trident",
    }
    return item(jdump(doc), [("ontap-password", p)], fmt="json", name="trident/backend-ontap-san.json")


def ts_ms():
    return R.randint(1_767_000_000_000, 1_779_000_000_000)


# ---------------------------------------------------------------- kind: smpp-sms-gateways


def smpp_pw():
    """SMPP passwords: at most 8 characters (the bind PDU's field is 9 octets with its NUL)."""
    return rs(1, ALNUM) + rs(7, ALNUM + "!.-_")


def smpp_sms_gateways(is_clean):
    """SMS gateways' SMPP and HTTP logons: Kannel `smsc-password`, `admin-password` and `sendsms-user` passwords, the
    `sendsms` URL, smpplib's `bind_transceiver(password=…)`, an SMPP client's `.env`."""
    if is_clean:
        form = deal("smpp/clean", 4)
        if form == 0:
            text = (
                "group = smsc\nsmsc = smpp\nsmsc-id = carrier1\nhost = smpp.carrier.example\nport = 2775\n"
                "smsc-username = corp01\nsystem-type = VMA\ntransceiver-mode = true\nthroughput = 50\n"
                "source-addr-ton = 5\nsource-addr-npi = 0\ndest-addr-npi = 1\n"
            )
            return clean(text, fmt="ini", name="etc/kannel/kannel.conf")
        if form == 1:
            up = R.randint(3, 40)
            text = (
                "$ curl -s http://localhost:13000/status.txt\n"
                f"Kannel bearerbox version `1.4.5'.\nStatus: running, uptime {up}d {R.randint(0, 23)}h {R.randint(0, 59)}m {R.randint(0, 59)}s\n\n"
                f"SMS: received {R.randint(100, 9999)} (0 queued), sent {R.randint(100, 99999)} (0 queued), store size 0\n\n"
                f"SMSC connections:\n    carrier1[carrier1] SMPP:smpp.carrier.example:2775/2775:corp01:VMA (online {up * 86400}s, rcvd: sms {R.randint(10, 999)} / dlr {R.randint(10, 999)}, sent: sms {R.randint(100, 9999)}, failed {R.randint(0, 9)}, queued 0 msgs)\n"
            )
            return clean(text, fmt="text", name="logs/kannel-status.txt")
        if form == 2:
            return env_clean(
                [
                    ("SMPP_HOST", "smpp.carrier.example"),
                    ("SMPP_PORT", "2775"),
                    ("SMPP_SYSTEM_ID", "corp01"),
                    ("SMPP_PASSWORD", ""),
                    ("SMPP_SYSTEM_TYPE", "VMA"),
                ]
            )
        text = (
            f"$ curl -s 'http://kannel.corp.example:13013/cgi-bin/sendsms?user=app&pass=$KANNEL_PASS&to=49151{digits(8)}&text=Your+code+is+{digits(6)}'\n"
            "0: Accepted for delivery\n"
            f"2026-12-07 {R.randint(10, 23)}:{R.randint(10, 59)}:{R.randint(10, 59)} [{R.randint(1000, 9999)}] [6] DEBUG: DLR[internal]: Adding DLR smsc=carrier1, ts={rs(8, HEX)}, src=CORP, dst=49151{digits(8)}, mask=31\n"
        )
        return clean(text, fmt="text", name="logs/sendsms.txt")
    form = deal("smpp/secret", 6)
    if form == 0:
        p = smpp_pw()
        text = (
            "group = smsc\nsmsc = smpp\nsmsc-id = carrier1\nhost = smpp.carrier.example\nport = 2775\n"
            f"smsc-username = corp01\nsmsc-password = {p}\nsystem-type = VMA\ntransceiver-mode = true\n"
        )
        return item(text, [("smpp-password", p)], fmt="ini", name="etc/kannel/kannel.conf")
    if form == 1:
        p = pw()
        text = f"group = core\nadmin-port = 13000\nadmin-password = {p}\nsmsbox-port = 13001\nlog-file = /var/log/kannel/bearerbox.log\n"
        return item(text, [("kannel-admin-password", p)], fmt="ini", name="etc/kannel/kannel.conf")
    if form == 2:
        p = pw()
        text = f"group = sendsms-user\nusername = app\npassword = {p}\nmax-messages = 3\nconcatenation = true\n"
        return item(text, [("kannel-sendsms-password", p)], fmt="ini", name="etc/kannel/kannel.conf")
    if form == 3:
        p = pw(URLISH)
        return cmd(
            f"curl -s 'http://kannel.corp.example:13013/cgi-bin/sendsms?username=app&password={p}&to=49151{digits(8)}&text=Deploy+finished'",
            [("kannel-sendsms-password", p)],
            name="scripts/notify-sms.sh",
        )
    if form == 4:
        p = smpp_pw()
        text = (
            "import smpplib.client\n\n"
            "client = smpplib.client.Client('smpp.carrier.example', 2775)\n"
            "client.connect()\n"
            f"client.bind_transceiver(system_id='corp01', password='{p}')\n"
        )
        return item(text, [("smpp-password", p)], fmt="python", name="sms/send.py")
    p = smpp_pw()
    return env(
        [
            ("SMPP_HOST", "smpp.carrier.example"),
            ("SMPP_PORT", "2775"),
            ("SMPP_SYSTEM_ID", "corp01"),
            ("SMPP_PASSWORD", p),
            ("SMPP_SYSTEM_TYPE", "VMA"),
        ],
        [("smpp-password", p)],
        name="sms/.env",
    )


# ---------------------------------------------------------------- kind: node-red-flows


def node_id():
    return rs(16, HEX)


def bcrypt_like():
    return "$2b$08$" + rs(53, ALNUM + "./")


def node_red_flows(is_clean):
    """Node-RED and OPC UA clients: `credentialSecret` in `settings.js` or `NODE_RED_CREDENTIAL_SECRET`, an unencrypted
    `flows_cred.json`, a bearer token inside a function node, asyncua's `set_password`, an `opc.tcp://` URL with
    its user."""
    plc = f"plc{R.randint(1, 20):02d}.corp.example"
    if is_clean:
        form = deal("nodered/clean", 4)
        if form == 0:
            text = (
                "module.exports = {\n    flowFile: 'flows.json',\n    uiPort: process.env.PORT || 1880,\n    adminAuth: {\n"
                '        type: "credentials",\n        users: [{\n            username: "admin",\n'
                f'            password: "{bcrypt_like()}",\n            permissions: "*"\n        }}]\n    }},\n}}\n'
            )
            return clean(text, fmt="js", name="srv/node-red/settings.js")
        if form == 1:
            return clean(jdump({"$": rs(R.choice([224, 288, 352]), HEX)}), fmt="json", name="srv/node-red/flows_cred.json")
        if form == 2:
            b = node_id()
            flows = [
                {"id": node_id(), "type": "tab", "label": "Line 3", "disabled": False},
                {"id": b, "type": "mqtt-broker", "name": "plant broker", "broker": "mqtt.corp.example", "port": "8883", "usetls": True},
                {"id": node_id(), "type": "mqtt in", "topic": "plant/line3/#", "qos": "1", "broker": b, "x": 150, "y": 120, "wires": [[node_id()]]},
            ]
            return clean(jdump(flows), fmt="json", name="srv/node-red/flows.json")
        text = (
            "module.exports = {\n    flowFile: 'flows.json',\n    credentialSecret: process.env.NODE_RED_CREDENTIAL_SECRET,\n"
            "    uiPort: process.env.PORT || 1880,\n    logging: { console: { level: 'info' } },\n};\n"
        )
        return clean(text, fmt="js", name="srv/node-red/settings.js")
    form = deal("nodered/secret", 6)
    if form == 0:
        s = pw()
        text = f"module.exports = {{\n    flowFile: 'flows.json',\n    credentialSecret: '{s}',\n    uiPort: process.env.PORT || 1880,\n}};\n"
        return item(text, [("node-red-credential-secret", s)], fmt="js", name="srv/node-red/settings.js")
    if form == 1:
        s = rs(R.choice([32, 48]), ALNUM)
        return env(
            [("TZ", "Europe/Berlin"), ("FLOWS", "flows.json"), ("NODE_RED_CREDENTIAL_SECRET", s)],
            [("node-red-credential-secret", s)],
            name="node-red/.env",
        )
    if form == 2:
        p = pw()
        doc = {node_id(): {"user": "nodered", "password": p}}
        return item(jdump(doc), [("mqtt-node-password", p)], fmt="json", name="srv/node-red/flows_cred.json")
    if form == 3:
        t = rs(40, ALNUM)
        func = f'msg.headers = {{ "Authorization": "Bearer {t}" }};\nmsg.url = "https://mes.corp.example/api/v1/counts";\nreturn msg;'
        flows = [{"id": node_id(), "type": "function", "name": "add auth", "func": func, "outputs": 1, "wires": [[node_id()]]}]
        return item(jdump(flows), [("flow-bearer-token", t)], fmt="json", name="srv/node-red/flows.json")
    if form == 4:
        p = pw()
        text = (
            "from asyncua import Client\n\n"
            f'client = Client(url="opc.tcp://{plc}:4840/freeopcua/server/")\n'
            'client.set_user("opcua-reader")\n'
            f'client.set_password("{p}")\n'
        )
        return item(text, [("opcua-password", p)], fmt="python", name="plant/read_tags.py")
    p = pw(URLISH)
    text = f'from opcua import Client\n\nclient = Client("opc.tcp://opcua-reader:{p}@{plc}:4840")\nclient.connect()\n'
    return item(text, [("opcua-password", p)], fmt="python", name="plant/poll.py")


# ---------------------------------------------------------------- kind: metrics-agent-outputs


def metrics_agent_outputs(is_clean):
    """Metrics and log agents' output credentials: Telegraf `influxdb_v2` tokens and `outputs.http` passwords,
    collectd's network plugin `Password`, Fluent Bit `forward` `Shared_Key`, a Zabbix agent's PSK, a Netdata
    child's streaming `api key`."""
    if is_clean:
        form = deal("metrics/clean", 4)
        if form == 0:
            text = (
                '[agent]\n  interval = "10s"\n\n[[outputs.influxdb_v2]]\n  urls = ["https://influx.corp.example:8086"]\n'
                '  token = "${INFLUX_TOKEN}"\n  organization = "corp"\n  bucket = "telegraf"\n'
            )
            return clean(text, fmt="toml", name="etc/telegraf/telegraf.conf")
        if form == 1:
            text = (
                "Server=zabbix.corp.example\nServerActive=zabbix.corp.example\nHostname=" + host() + "\n"
                "TLSConnect=psk\nTLSAccept=psk\nTLSPSKIdentity=PSK " + host() + "\nTLSPSKFile=/etc/zabbix/zabbix_agentd.psk\n"
            )
            return clean(text, fmt="ini", name="etc/zabbix/zabbix_agentd.conf")
        if form == 2:
            return clean(f"$ cat /var/lib/netdata/registry/netdata.public.unique.id\n{uuid4()}\n", fmt="text", name="logs/netdata-id.txt")
        h = host()
        t = R.randint(1_767_000_000, 1_779_000_000) * 10**9
        text = (
            "$ telegraf --config /etc/telegraf/telegraf.conf --test --input-filter cpu:mem\n"
            f"> cpu,cpu=cpu-total,host={h} usage_idle={R.randint(80, 99)}.{rs(3, DIGITS)},usage_user={R.randint(0, 9)}.{rs(3, DIGITS)} {t}\n"
            f"> mem,host={h} available={digits(10)}i,used_percent={R.randint(10, 90)}.{rs(6, DIGITS)} {t}\n"
        )
        return clean(text, fmt="text", name="logs/telegraf-test.txt")
    form = deal("metrics/secret", 6)
    if form == 0:
        t = b64url(rbytes(64), pad=True)
        text = (
            '[[outputs.influxdb_v2]]\n  urls = ["https://influx.corp.example:8086"]\n'
            f'  token = "{t}"\n  organization = "corp"\n  bucket = "telegraf"\n'
        )
        return item(text, [("influxdb-token", t)], fmt="toml", name="etc/telegraf/telegraf.conf")
    if form == 1:
        p = pw()
        text = (
            '[[outputs.http]]\n  url = "https://metrics.corp.example/api/v1/push"\n  method = "POST"\n'
            f'  username = "telegraf"\n  password = "{p}"\n  data_format = "prometheusremotewrite"\n'
        )
        return item(text, [("telegraf-http-password", p)], fmt="toml", name="etc/telegraf/telegraf.d/remote-write.conf")
    if form == 2:
        p = pw()
        text = (
            'LoadPlugin network\n<Plugin network>\n  <Server "metrics.corp.example" "25826">\n    SecurityLevel Encrypt\n'
            f'    Username "collectd"\n    Password "{p}"\n  </Server>\n</Plugin>\n'
        )
        return item(text, [("collectd-network-password", p)], fmt="text", name="etc/collectd/collectd.conf")
    if form == 3:
        s = pw()
        text = (
            "[OUTPUT]\n    Name          forward\n    Match         *\n    Host          logs.corp.example\n    Port          24224\n"
            f"    Shared_Key    {s}\n    Self_Hostname {host()}\n    tls           on\n"
        )
        return item(text, [("fluent-forward-shared-key", s)], fmt="ini", name="etc/fluent-bit/fluent-bit.conf")
    if form == 4:
        k = rs(64, HEX)
        text = f"$ openssl rand -hex 32 | sudo tee /etc/zabbix/zabbix_agentd.psk\n{k}\n"
        return item(text, [("zabbix-psk", k)], fmt="text", name="logs/zabbix-psk.txt")
    k = uuid4()
    text = f"[stream]\n    enabled = yes\n    destination = parent.corp.example:19999\n    api key = {k}\n    timeout seconds = 60\n"
    return item(text, [("netdata-stream-key", k)], fmt="ini", name="etc/netdata/stream.conf")


# ---------------------------------------------------------------- kind: chat-server-secrets (held-out)


def synapse_secret():
    return rs(R.choice([40, 50]), ALNUM + "-_.~=:")


def chat_server_secrets(is_clean):
    """Self-hosted chat and TURN servers' shared secrets: Synapse `registration_shared_secret`, `macaroon_secret_key`
    and `form_secret`, coturn `static-auth-secret` and `user=name:password`, `ejabberdctl register`, Mattermost's
    `AtRestEncryptKey`, Rocket.Chat's first admin `ADMIN_PASS`."""
    if is_clean:
        form = deal("chat/clean", 4)
        if form == 0:
            text = (
                "server_name: chat.corp.example\npid_file: /data/homeserver.pid\n"
                "registration_shared_secret_path: /run/secrets/synapse_registration\n"
                "signing_key_path: /data/chat.corp.example.signing.key\n"
                'turn_uris: ["turn:turn.corp.example:3478?transport=udp"]\nenable_registration: false\n'
            )
            return clean(text, fmt="yaml", name="srv/synapse/homeserver.yaml")
        if form == 1:
            kid = "ed25519:a_" + rs(4, ALNUM)
            doc = {
                "server_name": "chat.corp.example",
                "valid_until_ts": ts_ms(),
                "verify_keys": {kid: {"key": b64(rbytes(32)).rstrip("=")}},
                "old_verify_keys": {},
                "signatures": {"chat.corp.example": {kid: b64(rbytes(64)).rstrip("=")}},
            }
            return clean(
                "$ curl -s https://chat.corp.example/_matrix/key/v2/server\n" + json.dumps(doc) + "\n", fmt="text", name="logs/matrix-keys.txt"
            )
        if form == 2:
            text = (
                "listening-port=3478\ntls-listening-port=5349\nfingerprint\nlt-cred-mech\nuserdb=/var/lib/turn/turndb\n"
                "realm=turn.corp.example\ncert=/etc/ssl/turn/fullchain.pem\npkey=/etc/ssl/turn/privkey.pem\nno-cli\n"
            )
            return clean(text, fmt="ini", name="etc/turnserver.conf")
        doc = {
            "ServiceSettings": {"SiteURL": "https://mm.corp.example", "ListenAddress": ":8065"},
            "SqlSettings": {"DriverName": "postgres", "AtRestEncryptKey": ""},
        }
        return clean(jdump(doc), fmt="json", name="opt/mattermost/config/config.json")
    form = deal("chat/secret", 7)
    if form == 0:
        s = synapse_secret()
        text = f'server_name: chat.corp.example\nregistration_shared_secret: "{s}"\nenable_registration: false\n'
        return item(text, [("synapse-registration-secret", s)], fmt="yaml", name="srv/synapse/homeserver.yaml")
    if form == 1:
        a, b = synapse_secret(), synapse_secret()
        text = f'server_name: chat.corp.example\nmacaroon_secret_key: "{a}"\nform_secret: "{b}"\nreport_stats: false\n'
        return item(text, [("synapse-macaroon-key", a), ("synapse-form-secret", b)], fmt="yaml", name="srv/synapse/homeserver.yaml")
    if form == 2:
        s = rs(R.choice([32, 64]), HEX if half() else ALNUM)
        text = f"listening-port=3478\nfingerprint\nuse-auth-secret\nstatic-auth-secret={s}\nrealm=turn.corp.example\nno-cli\n"
        return item(text, [("turn-static-auth-secret", s)], fmt="ini", name="etc/turnserver.conf")
    if form == 3:
        p = pw(":")
        text = f"listening-port=3478\nfingerprint\nlt-cred-mech\nuser=webrtc:{p}\nrealm=turn.corp.example\n"
        return item(text, [("turn-user-password", p)], fmt="ini", name="etc/turnserver.conf")
    if form == 4:
        p = pw()
        return cmd(
            f"ejabberdctl register {pick('alerts', 'deploybot', 'alice')} chat.corp.example {p}", [("xmpp-password", p)], name="scripts/chat-users.sh"
        )
    if form == 5:
        k = rs(32, ALNUM)
        doc = {"ServiceSettings": {"SiteURL": "https://mm.corp.example"}, "SqlSettings": {"DriverName": "postgres", "AtRestEncryptKey": k}}
        return item(jdump(doc), [("mattermost-at-rest-key", k)], fmt="json", name="opt/mattermost/config/config.json")
    p = pw()
    return env(
        [("ROOT_URL", "https://rocket.corp.example"), ("ADMIN_USERNAME", "admin"), ("ADMIN_EMAIL", "ops@corp.example"), ("ADMIN_PASS", p)],
        [("rocketchat-admin-password", p)],
        name="rocketchat/.env",
    )


# ---------------------------------------------------------------- kind: web-analytics-selfhosted (held-out)


def web_analytics_selfhosted(is_clean):
    """Self-hosted web analytics: Matomo `token_auth` (API URLs, `setTokenAuth`), `config.ini.php`'s database password
    and `salt`, Plausible's `SECRET_KEY_BASE` / `TOTP_VAULT_KEY` and API keys, Umami's `APP_SECRET`."""
    if is_clean:
        form = deal("analytics/clean", 4)
        if form == 0:
            text = (
                "<script>\n  var _paq = window._paq = window._paq || [];\n  _paq.push(['trackPageView']);\n  _paq.push(['enableLinkTracking']);\n"
                "  (function() {\n    var u='https://matomo.corp.example/';\n    _paq.push(['setTrackerUrl', u+'matomo.php']);\n"
                f"    _paq.push(['setSiteId', '{R.randint(1, 40)}']);\n  }})();\n</script>\n"
                '<script defer data-domain="corp.example" src="https://plausible.corp.example/js/script.js"></script>\n'
            )
            return clean(text, fmt="html", name="web/partials/analytics.html")
        if form == 1:
            visits = [
                {
                    "idSite": R.randint(1, 9),
                    "idVisit": R.randint(10000, 999999),
                    "visitorId": rs(16, HEX),
                    "fingerprint": rs(16, HEX),
                    "visitCount": R.randint(1, 30),
                }
                for _ in range(2)
            ]
            return clean(jdump(visits), fmt="json", name="exports/matomo-live.json")
        if form == 2:
            text = (
                '[database]\nhost = "db"\nusername = "matomo"\ndbname = "matomo"\ntables_prefix = "matomo_"\n\n'
                '[General]\nforce_ssl = 1\nassume_secure_protocol = 1\ntrusted_hosts[] = "matomo.corp.example"\n'
            )
            return clean(text, fmt="ini", name="srv/matomo/config/config.ini.php")
        return env_clean(
            [
                ("BASE_URL", "https://plausible.corp.example"),
                ("SECRET_KEY_BASE", ""),
                ("TOTP_VAULT_KEY", ""),
                ("DISABLE_REGISTRATION", "invite_only"),
            ],
            name="plausible/.env.example",
        )
    form = deal("analytics/secret", 6)
    if form == 0:
        t = rs(32, HEX)
        return cmd(
            f"curl -s 'https://matomo.corp.example/index.php?module=API&method=VisitsSummary.get&idSite={R.randint(1, 9)}&period=day&date=yesterday&format=JSON&token_auth={t}'",
            [("matomo-token-auth", t)],
            name="scripts/daily-visits.sh",
        )
    if form == 1:
        p, salt = pw(), rs(32, HEX)
        text = (
            f'[database]\nhost = "db"\nusername = "matomo"\npassword = "{p}"\ndbname = "matomo"\n\n'
            f'[General]\nsalt = "{salt}"\ntrusted_hosts[] = "matomo.corp.example"\n'
        )
        return item(text, [("matomo-db-password", p), ("matomo-salt", salt)], fmt="ini", name="srv/matomo/config/config.ini.php")
    if form == 2:
        skb, tvk = b64(rbytes(48)), b64(rbytes(32))
        return env(
            [("BASE_URL", "https://plausible.corp.example"), ("SECRET_KEY_BASE", skb), ("TOTP_VAULT_KEY", tvk)],
            [("plausible-secret-key-base", skb), ("plausible-totp-vault-key", tvk)],
            name="plausible/.env",
        )
    if form == 3:
        s = rs(R.choice([32, 64]), HEX)
        return env(
            [("DATABASE_TYPE", "postgresql"), ("APP_SECRET", s), ("TRACKER_SCRIPT_NAME", "stats.js")], [("umami-app-secret", s)], name="umami/.env"
        )
    if form == 4:
        t = rs(32, HEX)
        text = (
            "<?php\nrequire 'vendor/autoload.php';\n\n"
            f"$tracker = new MatomoTracker({R.randint(1, 9)}, 'https://matomo.corp.example/');\n"
            f"$tracker->setTokenAuth('{t}');\n$tracker->setIp($_SERVER['REMOTE_ADDR']);\n$tracker->doTrackPageView('Checkout');\n"
        )
        return item(text, [("matomo-token-auth", t)], fmt="php", name="src/track.php")
    k = rs(64, ALNUM + "-_")
    return cmd(
        f'curl -s -H "Authorization: Bearer {k}" "https://plausible.corp.example/api/v1/stats/aggregate?site_id=corp.example&period=30d&metrics=visitors"',
        [("plausible-api-key", k)],
        name="scripts/stats.sh",
    )


# ---------------------------------------------------------------- kind: tor-anonymity-configs (held-out)


def onion():
    return rs(56, B32)


def tor_anonymity_configs(is_clean):
    """Tor's secrets: onion-service client authorisation keys (`.auth_private`), control-port passwords (stem
    `authenticate`, a raw `AUTHENTICATE`), an onion service's `hs_ed25519_secret_key` in base64, an obfs4 bridge's
    `private-key`."""
    if is_clean:
        form = deal("tor/clean", 4)
        if form == 0:
            text = (
                "ControlPort 9051\n"
                f"HashedControlPassword 16:{rs(16, UHEX)}60{rs(40, UHEX)}\n"
                "HiddenServiceDir /var/lib/tor/app/\nHiddenServicePort 80 127.0.0.1:8080\n"
            )
            return clean(text, fmt="text", name="etc/tor/torrc")
        if form == 1:
            text = (
                f"$ sudo cat /var/lib/tor/app/hostname\n{onion()}.onion\n"
                f"$ sudo cat /var/lib/tor/app/authorized_clients/alice.auth\ndescriptor:x25519:{rs(52, B32.upper())}\n"
            )
            return clean(text, fmt="text", name="logs/onion.txt")
        if form == 2:
            lines = [
                f"Bridge obfs4 {R.randint(100, 220)}.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}:{pick('443', '9001', '8443')} "
                f"{rs(40, UHEX)} cert={b64(rbytes(52)).rstrip('=')} iat-mode=0"
                for _ in range(2)
            ]
            return clean(
                "UseBridges 1\nClientTransportPlugin obfs4 exec /usr/bin/obfs4proxy\n" + "\n".join(lines) + "\n", fmt="text", name="etc/tor/torrc"
            )
        text = "SocksPort 9050\nControlPort 9051\nCookieAuthentication 1\nCookieAuthFileGroupReadable 1\nExitPolicy reject *:*\n"
        return clean(text, fmt="text", name="etc/tor/torrc")
    form = deal("tor/secret", 5)
    if form == 0:
        k = rs(52, B32.upper())
        text = f"{onion()}:descriptor:x25519:{k}\n"
        return item(text, [("onion-client-auth-key", k)], fmt="text", name="var/lib/tor/onion_auth/app.auth_private")
    if form == 1:
        p = pw()
        text = (
            "from stem.control import Controller\n\n"
            "with Controller.from_port(port=9051) as controller:\n"
            f'    controller.authenticate(password="{p}")\n'
            "    controller.signal(Signal.NEWNYM)\n"
        )
        return item(text, [("tor-control-password", p)], fmt="python", name="tools/rotate_circuit.py")
    if form == 2:
        p = pw()
        return cmd(
            f"printf 'AUTHENTICATE \"{p}\"\\r\\nGETINFO version\\r\\nQUIT\\r\\n' | nc 127.0.0.1 9051",
            [("tor-control-password", p)],
            name="scripts/tor-check.sh",
        )
    if form == 3:
        raw = b"== ed25519v1-secret: type0 ==\x00\x00\x00" + rbytes(64)
        k = b64(raw)
        text = f"$ sudo base64 -w0 /var/lib/tor/app/hs_ed25519_secret_key\n{k}\n"
        return item(text, [("onion-service-secret-key", k)], fmt="text", name="logs/hs-key.txt")
    k = rs(64, HEX)
    doc = {"node-id": rs(40, HEX), "private-key": k, "public-key": rs(64, HEX), "drbg-seed": rs(48, HEX), "iat-mode": 0}
    return item(json.dumps(doc) + "\n", [("obfs4-private-key", k)], fmt="json", name="var/lib/tor/pt_state/obfs4_state.json")


# ---------------------------------------------------------------- kind: hypervisor-api-tokens (held-out)


def hypervisor_api_tokens(is_clean):
    """Hypervisor management: Proxmox VE API tokens (`PVEAPIToken=` headers, `pveum … token add` output, the Terraform
    provider's `PM_API_TOKEN_SECRET`), `qm set --cipassword`, libvirt's `auth.conf`, XCP-ng `xe -pw`."""
    pve = f"pve{R.randint(1, 9):02d}.corp.example"
    if is_clean:
        form = deal("hv/clean", 4)
        if form == 0:
            text = (
                "$ pveum user token list automation@pve\n"
                "┌─────────┬─────────┬────────┬─────────┐\n│ tokenid │ comment │ expire │ privsep │\n╞═════════╪═════════╪════════╪═════════╡\n"
                "│ ci      │         │      0 │ 1       │\n├─────────┼─────────┼────────┼─────────┤\n│ tf      │ terra   │      0 │ 0       │\n"
                "└─────────┴─────────┴────────┴─────────┘\n"
            )
            return clean(text, fmt="text", name="logs/pve-tokens.txt")
        if form == 1:
            rows = [f" {i + 1:<4}{pick('build-', 'db-', 'runner-') + rs(3, DIGITS):<20}running" for i in range(3)]
            text = (
                "$ virsh -c qemu+ssh://virtadmin@kvm01.corp.example/system list --all\n Id   Name                State\n"
                + "-" * 37
                + "\n"
                + "\n".join(rows)
                + "\n"
            )
            return clean(text, fmt="text", name="logs/virsh-list.txt")
        if form == 2:
            key = (
                "ssh-ed25519%20"
                + b64(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00 " + rbytes(32)).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
                + "%20ops%40corp"
            )
            text = (
                f"$ qm config 9000\nagent: 1\nboot: order=scsi0\ncipassword: **********\nciuser: ubuntu\ncores: 2\nipconfig0: ip=dhcp\n"
                f"memory: 4096\nname: ubuntu-2404-tmpl\nsmbios1: uuid={uuid4()}\nsshkeys: {key}\nvmgenid: {uuid4()}\n"
            )
            return clean(text, fmt="text", name="logs/qm-config.txt")
        return env_clean(
            [
                ("PM_API_URL", f"https://{pve}:8006/api2/json"),
                ("PM_API_TOKEN_ID", "automation@pve!terraform"),
                ("PM_API_TOKEN_SECRET", ""),
                ("PM_TLS_INSECURE", "false"),
            ]
        )
    form = deal("hv/secret", 6)
    if form == 0:
        t = uuid4()
        return cmd(
            f"curl -s -H 'Authorization: PVEAPIToken=automation@pve!ci={t}' https://{pve}:8006/api2/json/nodes/{pve.split('.')[0]}/qemu",
            [("proxmox-api-token", t)],
            name="scripts/pve-list.sh",
        )
    if form == 1:
        t = uuid4()
        return env(
            [("PM_API_URL", f"https://{pve}:8006/api2/json"), ("PM_API_TOKEN_ID", "automation@pve!terraform"), ("PM_API_TOKEN_SECRET", t)],
            [("proxmox-api-token", t)],
            name="infra/proxmox/.env",
        )
    if form == 2:
        t = uuid4()
        text = (
            "$ pveum user token add automation@pve ci --privsep 0\n"
            "┌──────────────┬──────────────────────────────────────┐\n│ key          │ value                                │\n"
            "╞══════════════╪══════════════════════════════════════╡\n│ full-tokenid │ automation@pve!ci                    │\n"
            '├──────────────┼──────────────────────────────────────┤\n│ info         │ {"privsep":"0"}                      │\n'
            f"├──────────────┼──────────────────────────────────────┤\n│ value        │ {t} │\n"
            "└──────────────┴──────────────────────────────────────┘\n"
        )
        return item(text, [("proxmox-api-token", t)], fmt="text", name="logs/pve-token.txt")
    if form == 3:
        p = pw("=")
        text = f"[credentials-corp]\nauthname=virtadmin\npassword={p}\n\n[auth-libvirt-kvm01.corp.example]\ncredentials=corp\n"
        return item(text, [("libvirt-password", p)], fmt="ini", name="etc/libvirt/auth.conf")
    if form == 4:
        p = pw()
        return cmd(
            f"xe -s xcp01.corp.example -u root -pw {p} vm-list power-state=running params=name-label,uuid",
            [("xcp-password", p)],
            name="scripts/xcp.sh",
        )
    p = pw()
    return cmd(f"qm set 9000 --ciuser ubuntu --cipassword {p} --ipconfig0 ip=dhcp", [("cloud-init-password", p)], name="scripts/pve-template.sh")


# ---------------------------------------------------------------- contexts: shared


def abs_path(it):
    n = it["name"]
    if n.startswith("~/"):
        return "/home/app/" + n[2:]
    if n.startswith(("etc/", "var/", "srv/", "opt/")):
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
        "python": "python",
        "js": "javascript",
        "ini": "ini",
        "toml": "toml",
        "html": "html",
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


def file_name_of(it):
    v = item_view(it)
    if v[0] == "env":
        return ".env"
    if v[0] == "cmd":
        return "run.sh"
    return v[1].rsplit("/", 1)[-1]


def stamp():
    return f"2026-12-07T{R.randint(10, 23)}:{R.randint(10, 59)}:{R.randint(10, 59)}.{rs(3, DIGITS)}Z"


# -- cloud-init-user-data


def cloud_init_user_data(it):
    """A `#cloud-config` user-data document carrying the item: env values as a `write_files` entry under
    `/etc/default`, a file as a `write_files` entry at its path, a command in `runcmd` as a block scalar; sent as a
    DigitalOcean droplet's or a Hetzner server's `user_data`, or fed to `multipass launch --cloud-init -`."""
    v = item_view(it)
    svc = service()
    ud = "#cloud-config\npackage_update: true\npackages:\n  - curl\n  - jq\n"
    if v[0] == "env":
        ud += f"write_files:\n  - path: /etc/default/{svc}\n    permissions: '0600'\n    content: |\n"
        ud += "".join(f"      {k}={x}\n" for k, x in v[1])
        ud += f"runcmd:\n  - systemctl enable --now {svc}\n"
    elif v[0] == "cmd":
        ud += "runcmd:\n  - |\n    " + v[1] + "\n"
    else:
        ud += f"write_files:\n  - path: {v[1]}\n    permissions: '0640'\n    content: |\n"
        ud += "".join(f"      {ln}\n" if ln else "\n" for ln in v[2].rstrip("\n").split("\n"))
        ud += f"runcmd:\n  - systemctl restart {svc}\n"
    name = f"{svc}-{rs(4, B36)}"
    view = R.randrange(3)
    if view == 0:
        body = {
            "name": name,
            "region": pick("fra1", "ams3", "lon1"),
            "size": "s-2vcpu-4gb",
            "image": "ubuntu-24-04-x64",
            "user_data": ud,
            "tags": [svc],
        }
        args = {"method": "POST", "url": "https://api.digitalocean.com/v2/droplets", "headers": {"Content-Type": "application/json"}, "body": body}
        return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer
    if view == 1:
        body = {"name": name, "server_type": "cx32", "image": "ubuntu-24.04", "location": pick("nbg1", "fsn1", "hel1"), "user_data": ud}
        args = {
            "method": "POST",
            "url": "https://api.hetzner.cloud/v1/servers",
            "headers": {"Content-Type": "application/json"},
            "body": json.dumps(body),
        }
        return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer
    text = f"multipass launch 24.04 --name {name} --cpus 2 --memory 4G --cloud-init - <<'EOF'\n{ud}EOF"
    return "args", "terminal", json.dumps({"command": text}, ensure_ascii=False), plain_piecer


# -- es-bulk-ndjson


def es_bulk_ndjson(it):
    """An Elasticsearch / OpenSearch `_bulk` request (NDJSON: an action line, then a document): each line of the item
    as a log document, env values as one document's fields, a file as one document with its content; the body of an
    `http_request`, or `curl --data-binary @-` with a here-document."""
    v = item_view(it)
    svc = service()
    index = pick("ops-logs-2026.12.07", "agent-artifacts", f"{svc}-config")
    docs = []
    if v[0] == "env":
        docs.append({"@timestamp": stamp(), "service": svc, "kind": "env", "env": dict(v[1])})
    elif v[0] == "cmd":
        docs.append({"@timestamp": stamp(), "service": svc, "kind": "command", "host": host(), "command": v[1]})
    elif half():
        docs.append({"@timestamp": stamp(), "service": svc, "kind": "file", "path": v[1], "content": v[2]})
    else:
        for i, ln in enumerate(v[2].rstrip("\n").split("\n")):
            docs.append({"@timestamp": stamp(), "service": svc, "log.file.path": v[1], "log.offset": i, "message": ln})
    lines, create = [], half()
    for d in docs:
        lines.append(json.dumps({"create": {"_index": index, "_id": rs(20, ALNUM + "-_")}} if create else {"index": {"_index": index}}))
        lines.append(json.dumps(d, ensure_ascii=False))
    body = "\n".join(lines) + "\n"
    if half():
        args = {
            "method": "POST",
            "url": f"https://{pick('es', 'search', 'opensearch')}.corp.example:9200/_bulk?refresh=wait_for",
            "headers": {"Content-Type": "application/x-ndjson"},
            "body": body,
        }
        return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer
    text = f"curl -s -H 'Content-Type: application/x-ndjson' -XPOST https://es.corp.example:9200/_bulk --data-binary @- <<'EOF'\n{body}EOF"
    return "args", "terminal", json.dumps({"command": text}, ensure_ascii=False), plain_piecer


# -- task-tracker-apis


def task_tracker_apis(it):
    """Task trackers' create calls with the item in the task's text: Trello `desc`, Asana `data.notes`, ClickUp
    `markdown_description`, YouTrack `description`, a Todoist `create_task` tool call."""
    md = markdown(it)
    title = f"{service()}: {pick('follow up on config', 'handover', 'verify settings', 'rotate later')}"
    view = R.randrange(5)
    if view == 0:
        args = {"method": "POST", "url": f"https://api.trello.com/1/cards?idList={rs(24, HEX)}", "body": {"name": title, "desc": md, "pos": "top"}}
    elif view == 1:
        args = {
            "method": "POST",
            "url": "https://app.asana.com/api/1.0/tasks",
            "body": {"data": {"name": title, "notes": md, "projects": [digits(16)], "assignee": "me"}},
        }
    elif view == 2:
        args = {
            "method": "POST",
            "url": f"https://api.clickup.com/api/v2/list/{digits(9)}/task",
            "body": json.dumps({"name": title, "markdown_description": md, "priority": 3, "tags": ["ops"]}),
        }
    elif view == 3:
        args = {
            "method": "POST",
            "url": "https://youtrack.corp.example/api/issues?fields=idReadable",
            "body": {"project": {"id": f"0-{R.randint(1, 40)}"}, "summary": title, "description": md},
        }
    else:
        return "args", "todoist_create_task", json.dumps({"content": title, "description": md, "project_id": digits(10), "priority": 2}), plain_piecer
    return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer


# -- paste-service-upload


def paste_service_upload(it):
    """The item sent to a paste service: a hastebin `POST /documents` with the raw text, `curl --data-binary @-` to
    paste.rs from a here-document, termbin through `nc`, a private GitLab snippet (`files[].content`)."""
    text = plain_text(it)
    view = R.randrange(4)
    if view == 0:
        args = {"method": "POST", "url": "https://hastebin.corp.example/documents", "headers": {"Content-Type": "text/plain"}, "body": text}
        return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer
    if view == 1:
        return "args", "terminal", json.dumps({"command": f"curl -s --data-binary @- https://paste.rs/ <<'EOF'\n{text}EOF"}), plain_piecer
    if view == 2:
        return "args", "terminal", json.dumps({"command": f"nc termbin.com 9999 <<'EOF'\n{text}EOF"}), plain_piecer
    body = {
        "title": f"{service()} {pick('notes', 'config', 'repro')}",
        "visibility": "private",
        "files": [{"file_path": file_name_of(it), "content": text}],
    }
    args = {"method": "POST", "url": "https://gitlab.corp.example/api/v4/snippets", "headers": {"Content-Type": "application/json"}, "body": body}
    return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer


# -- llm-api-request


def llm_api_request(it):
    """The item sent to another model's API: an OpenAI chat completions body (`messages[].content`), an Anthropic
    Messages body with a `tool_result` block, an Ollama `/api/generate` `prompt`."""
    task = pick("Summarise what this configures and flag anything risky:", "Convert this to a Helm values file:", "Explain why this fails:")
    text = plain_text(it)
    view = R.randrange(3)
    if view == 0:
        body = {
            "model": pick("gpt-4o-mini", "gpt-4.1"),
            "messages": [
                {"role": "system", "content": "You are a concise DevOps assistant."},
                {"role": "user", "content": f"{task}\n\n```{lang_of(it)}\n{text}```"},
            ],
            "temperature": 0.2,
        }
        args = {"method": "POST", "url": "https://api.openai.com/v1/chat/completions", "headers": {"Content-Type": "application/json"}, "body": body}
        return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer
    if view == 1:
        tid = "toolu_" + rs(24, ALNUM)
        body = {
            "model": "claude-sonnet-4-5",
            "max_tokens": 1024,
            "messages": [
                {"role": "user", "content": task},
                {"role": "assistant", "content": [{"type": "tool_use", "id": tid, "name": "read_file", "input": {"path": file_name_of(it)}}]},
                {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tid, "content": text}]},
            ],
        }
        args = {
            "method": "POST",
            "url": "https://api.anthropic.com/v1/messages",
            "headers": {"content-type": "application/json", "anthropic-version": "2023-06-01"},
            "body": json.dumps(body, ensure_ascii=False),
        }
        return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer
    body = {"model": pick("llama3.1:8b", "qwen2.5-coder:7b"), "prompt": f"{task}\n\n{text}", "stream": False}
    args = {"method": "POST", "url": "http://localhost:11434/api/generate", "body": body}
    return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer


# -- http-chunked-body (held-out)


def http_chunked_body(it):
    """A raw HTTP/1.1 request with `Transfer-Encoding: chunked`: the item's text cut into chunks (a hex size line, the
    bytes, CRLF), either one chunk per line (a writer that flushes each line) or fixed 64 / 128 / 256-byte chunks (a
    small buffer); read back as a capture or sent through a `raw_http` call. A credential's pieces are its runs in
    each chunk."""
    v = item_view(it)
    content = script_text(it) if v[0] == "cmd" else plain_text(it)
    if half():
        cuts, start = [], 0
        for ln in content.split("\n")[:-1]:
            cuts.append((start, start + len(ln) + 1))
            start += len(ln) + 1
    else:
        n = R.choice([64, 128, 256])
        cuts = [(i, min(i + n, len(content))) for i in range(0, len(content), n)]
    assert cuts[-1][1] == len(content)
    body = "".join(f"{b - a:x}\r\n{content[a:b]}\r\n" for a, b in cuts) + "0\r\n\r\n"
    path = pick("/api/v1/uploads", "/ingest/raw", "/files/put")
    req = (
        f"POST {path}?name={file_name_of(it)} HTTP/1.1\r\nHost: {pick('files', 'ingest', 'drop')}.corp.example\r\n"
        f"User-Agent: {pick('python-requests/2.32.3', 'Go-http-client/1.1', 'curl/8.5.0')}\r\nContent-Type: text/plain\r\n"
        "Transfer-Encoding: chunked\r\nAccept: */*\r\n\r\n" + body
    )

    def piecer(a):
        assert not set(a) & CHANGED, a
        out, s = [], 0
        while (i := content.find(a, s)) >= 0:
            j = i + len(a)
            for lo, hi in cuts:
                if lo < j and i < hi:
                    out.append(content[max(i, lo) : min(j, hi)])
            s = i + 1
        return list(dict.fromkeys(p for p in out if p))

    if half():
        return "result", "read_file", req, piecer
    return "args", "raw_http", json.dumps({"host": "files.corp.example", "port": 443, "tls": True, "request": req}), piecer


# -- log-intake-api (held-out)


def log_intake_api(it):
    """The item's lines shipped as log entries: a Loki push (`streams[].values[[ns, line]]`), a Datadog logs intake
    array (`message`), Splunk HEC events (concatenated JSON objects, `event`)."""
    lines = [ln for ln in plain_text(it).split("\n") if ln]
    svc, h = service(), host()
    view = R.randrange(3)
    if view == 0:
        t0 = R.randint(1_767_000_000, 1_779_000_000) * 10**9
        body = {
            "streams": [{"stream": {"job": svc, "host": h, "source": "agent"}, "values": [[str(t0 + i * 1000), ln] for i, ln in enumerate(lines)]}]
        }
        args = {"method": "POST", "url": "https://loki.corp.example/loki/api/v1/push", "headers": {"Content-Type": "application/json"}, "body": body}
        return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer
    if view == 1:
        body = [{"ddsource": "agent", "ddtags": f"env:prod,service:{svc}", "hostname": h, "service": svc, "message": ln} for ln in lines]
        args = {
            "method": "POST",
            "url": "https://http-intake.logs.datadoghq.eu/api/v2/logs",
            "headers": {"Content-Type": "application/json", "DD-API-KEY": "${DD_API_KEY}"},
            "body": json.dumps(body),
        }
        return "args", "http_request", json.dumps(args, ensure_ascii=False), plain_piecer
    t0 = R.randint(1_767_000_000, 1_779_000_000)
    events = "".join(json.dumps({"time": t0 + i, "host": h, "sourcetype": "agent:text", "index": "ops", "event": ln}) for i, ln in enumerate(lines))
    text = (
        "curl -s https://splunk.corp.example:8088/services/collector/event -H \"Authorization: Splunk $HEC_TOKEN\" -d @- <<'EOF'\n" + events + "\nEOF"
    )
    return "args", "terminal", json.dumps({"command": text}, ensure_ascii=False), plain_piecer


# -- archive-extract-stdout (held-out)


def archive_extract_stdout(it):
    """The item read out of an archive to stdout: `tar -tvzf` then `tar -xOzf` of its member, `unzip -l` then `unzip
    -p`, `7z l` then `7z x -so`; a terminal's result."""
    v = item_view(it)
    content = script_text(it) if v[0] == "cmd" else plain_text(it)
    member = {"env": "./config/.env", "cmd": "./scripts/run.sh"}.get(v[0]) or "." + v[1]
    arch = f"{service()}-{pick('handover', 'backup', 'bundle')}-2026120{R.randint(1, 7)}"
    size = len(content.encode())
    others = [("./README.md", R.randint(200, 3000)), ("./config/app.yaml", R.randint(300, 4000))]
    view = R.randrange(3)
    if view == 0:
        rows = [
            f"-rw-r--r-- ops/ops {s:>9} 2026-12-0{R.randint(1, 7)} {R.randint(10, 23)}:{R.randint(10, 59)} {m}" for m, s in [*others, (member, size)]
        ]
        text = f"$ tar -tvzf {arch}.tgz\n" + "\n".join(rows) + f"\n$ tar -xOzf {arch}.tgz {member}\n{content}"
    elif view == 1:
        m = member[2:]
        rows = [f"{s:>9}  2026-12-0{R.randint(1, 7)} {R.randint(10, 23)}:{R.randint(10, 59)}   {n[2:]}" for n, s in [*others, (member, size)]]
        total = sum(s for _, s in others) + size
        text = (
            f"$ unzip -l {arch}.zip\nArchive:  {arch}.zip\n  Length      Date    Time    Name\n---------  ---------- -----   ----\n"
            + "\n".join(rows)
            + f"\n---------                     -------\n{total:>9}                     3 files\n$ unzip -p {arch}.zip {m}\n{content}"
        )
    else:
        m = member[2:]
        text = (
            f"$ 7z l {arch}.7z | tail -n 6\n"
            + "\n".join(
                f"2026-12-0{R.randint(1, 7)} {R.randint(10, 23)}:{R.randint(10, 59)}:{R.randint(10, 59)} ....A {s:>12} {R.randint(100, 3000):>12}  {n[2:]}"
                for n, s in [*others, (member, size)]
            )
            + f"\n$ 7z x -so {arch}.7z {m}\n{content}"
        )
    return "result", "terminal", text, plain_piecer


# ---------------------------------------------------------------- families

KINDS = {
    "game-server-rcon": game_server_rcon,
    "print-scan-services": print_scan_services,
    "erp-rfc-connectors": erp_rfc_connectors,
    "acme-pki-enrollment": acme_pki_enrollment,
    "san-storage-chap": san_storage_chap,
    "smpp-sms-gateways": smpp_sms_gateways,
    "node-red-flows": node_red_flows,
    "metrics-agent-outputs": metrics_agent_outputs,
    "chat-server-secrets": chat_server_secrets,
    "web-analytics-selfhosted": web_analytics_selfhosted,
    "tor-anonymity-configs": tor_anonymity_configs,
    "hypervisor-api-tokens": hypervisor_api_tokens,
}

CONTEXTS = {
    "cloud-init-user-data": cloud_init_user_data,
    "es-bulk-ndjson": es_bulk_ndjson,
    "task-tracker-apis": task_tracker_apis,
    "paste-service-upload": paste_service_upload,
    "llm-api-request": llm_api_request,
    "http-chunked-body": http_chunked_body,
    "log-intake-api": log_intake_api,
    "archive-extract-stdout": archive_extract_stdout,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r27", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
