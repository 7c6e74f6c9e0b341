"""Round 23 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 22 have been read, measured or worked on, or written. Round 23 was written blind, like
rounds 5 to 22: its author saw `SPLIT.md`, `blind_round.py`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer (for the JSONL field names only), never
the rules nor anything else under `engine/`, and never ran the engine on this round while writing it.

This round leans towards forms rather than providers: credentials without a provider prefix
(passwords, generic tokens) in config formats, command-line options and data dumps, whose only
signal is a name, a position or a separator.

Kind families and context families: see `SPLIT.md`, round 23. The split was committed before any
family was written; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round23.py     # rewrites round23.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import difflib
import json
import re
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
    file_lines,
    half,
    item,
    item_path,
    password,
    pick,
    rbytes,
    rs,
    sha1hex,
    shq,
    template_of,
    uuid4,
    write_round,
)

SEED = 2639
OUT = Path(__file__).with_name("round23.jsonl")

HELD_OUT_KINDS = {"toml-ini-variants", "cli-options-more"}
HELD_OUT_CONTEXTS = {"tshark-verbose", "db-statement-log", "pygments-html"}

# Characters no value of this round holds: Ruby's `inspect` (Logstash), HTML (Pygments), SQL literals, wikitext
# tables and templates, YAML and JSON strings would change them, or they would end the value in its own format.
CHANGED = set("\"'\\\n\t$`&<>%|#{}")


# ---------------------------------------------------------------- helpers


def ref(name):
    return pick("${" + name + "}", "$" + name)


def masked(n=16):
    return "*" * n


def clock(sec):
    return f"{sec // 3600:02d}:{sec // 60 % 60:02d}:{sec % 60:02d}"


def pw(excl=""):
    """A password as `blind_round.password()` makes them; a character this round's contexts (or the form it stands
    in, `excl`) would change is replaced by a letter or digit."""
    bad = CHANGED | set(excl)
    v = "".join(R.choice(ALNUM) if c in bad else c for c in password())
    return v


def bare(n=None):
    """A value a config format can hold unquoted (HOCON, INI, positional arguments)."""
    return rs(n or R.randint(16, 26), ALNUM + "-_.")


def token(n=None):
    return rs(n or R.choice([32, 40, 48]), ALNUM)


def sha256hex():
    return rs(64, HEX)


def bcrypt_hash():
    return f"$2b${pick('10', '12')}$" + rs(53, ALNUM + "./")


def ip4():
    return f"10.{R.randint(0, 9)}.{R.randint(0, 20)}.{R.randint(2, 250)}"


# ---------------------------------------------------------------- kind: hocon-jvm-config


def hocon_jvm_config(is_clean):
    """JVM-side configuration forms: HOCON `application.conf` (Play, Akka, Slick: nested blocks, `=` and `:`, quoted
    and bare values, dotted paths, a literal default overridden by `${?VAR}`), Play's `play.http.secret.key`, Flyway
    (`flyway.conf`, `-password=`, `FLYWAY_PASSWORD`), Liquibase (`liquibase.properties`, `--password=`), Quarkus
    profile keys, JVM system properties (`-Djavax.net.ssl.keyStorePassword=`)."""
    if is_clean:
        form = deal("hocon/clean", 5)
        if form == 0:
            text = (
                'include "base.conf"\n\n'
                "db.default {\n"
                '  driver = "org.postgresql.Driver"\n'
                "  url = ${?DATABASE_URL}\n"
                "  username = ${?DB_USER}\n"
                "  password = ${?DB_PASSWORD}\n"
                "}\n\n"
                "play.http.secret.key = ${?APPLICATION_SECRET}\n"
                f'play.filters.hosts.allowed = [".corp.example", "localhost:{R.randint(9000, 9100)}"]\n'
            )
            return clean(text, fmt="hocon", name="conf/application.conf")
        if form == 1:
            if half():
                return env_clean(
                    [
                        (
                            "JAVA_TOOL_OPTIONS",
                            "-Djavax.net.ssl.trustStore=/opt/java/openjdk/lib/security/cacerts -Djavax.net.ssl.trustStorePassword=changeit",
                        ),
                        ("JAVA_OPTS", f"-Xms256m -Xmx{pick('512m', '1g', '2g')} -XX:+UseG1GC"),
                    ],
                    name=".env",
                )
            return cmd_clean(
                "keytool -importcert -noprompt -alias corp-root -file /etc/ssl/certs/corp-root.pem "
                "-keystore /opt/java/openjdk/lib/security/cacerts -storepass changeit",
                name="scripts/trust-corp-root.sh",
            )
        if form == 2:
            text = (
                "# Play's shipped default; the production value comes from APPLICATION_SECRET\n"
                'play.http.secret.key = "changeme"\n'
                "play.http.secret.key = ${?APPLICATION_SECRET}\n\n"
                'play.i18n.langs = [ "en", "de" ]\n'
                f"play.server.http.idleTimeout = {R.randint(30, 120)}s\n"
            )
            return clean(text, fmt="hocon", name="conf/application.conf")
        if form == 3:
            rows = []
            for i in range(1, R.randint(4, 6)):
                rows.append(
                    f" {i:<2} | {pick('jdoe', 'asmith', 'ci')}     | db/changelog/{i:03d}-{pick('init', 'orders', 'index', 'audit')}.yaml "
                    f"| 9:{rs(32, HEX)} | EXECUTED"
                )
            text = (
                " id | author | filename                          | md5sum                             | exectype\n"
                "----+--------+-----------------------------------+------------------------------------+----------\n"
                + "\n".join(rows)
                + f"\n({len(rows)} rows)\n"
            )
            return clean(text, fmt="text", name="reports/databasechangelog.txt")
        text = (
            "quarkus.datasource.db-kind=postgresql\n"
            "quarkus.datasource.username=orders\n"
            "%prod.quarkus.datasource.password=${DB_PASSWORD}\n"
            "%dev.quarkus.datasource.password=\n"
            "quarkus.oidc.credentials.secret=${OIDC_CLIENT_SECRET:}\n"
            "# flyway.password=<your-password>\n"
            f"quarkus.http.port={R.randint(8080, 8099)}\n"
        )
        return clean(text, fmt="properties", name="src/main/resources/application.properties")
    form = deal("hocon/secret", 8)
    if form == 0:
        p = pw()
        user = pick("billing", "orders", "app")
        text = (
            'include "base.conf"\n\n'
            "slick.dbs.default {\n"
            '  profile = "slick.jdbc.PostgresProfile$"\n'
            "  db {\n"
            '    driver = "org.postgresql.Driver"\n'
            f'    url = "jdbc:postgresql://db.internal:5432/{user}"\n'
            f'    user = "{user}"\n'
            f'    password = "{p}"\n'
            f"    numThreads = {R.randint(4, 20)}\n"
            "  }\n"
            "}\n"
        )
        return item(text, [("hocon-password", p)], fmt="hocon", name="conf/application.conf")
    if form == 1:
        p = bare()
        text = (
            "db {\n"
            "  default {\n"
            "    driver: org.mariadb.jdbc.Driver\n"
            '    url: "jdbc:mariadb://db.internal:3306/shop"\n'
            "    username: shop\n"
            f"    password: {p}\n"
            "    hikaricp.maximumPoolSize: 12\n"
            "  }\n"
            "}\n"
        )
        if half():
            text = (
                'akka.persistence.journal.plugin = "jdbc-journal"\n'
                'slick.db.url = "jdbc:postgresql://db.internal:5432/events"\n'
                "slick.db.user = events\n"
                f"slick.db.password = {p}\n"
                "slick.db.numThreads = 8\n"
            )
        return item(text, [("hocon-password", p)], fmt="hocon", name="conf/application.conf")
    if form == 2:
        k = rs(R.choice([48, 64]), ALNUM)
        if half():
            text = f'play.http.secret.key = "{k}"\nplay.http.secret.key = ${{?APPLICATION_SECRET}}\nplay.modules.enabled += "modules.AppModule"\n'
            return item(text, [("play-secret-key", k)], fmt="hocon", name="conf/application.conf")
        return cmd(
            f"bin/{pick('billing', 'portal', 'shop')} -Dplay.http.secret.key={k} -Dhttp.port=9000 -Dconfig.resource=prod.conf",
            [("play-secret-key", k)],
        )
    if form == 3:
        p = pw()
        view = R.randrange(3)
        if view == 0:
            text = (
                "flyway.url=jdbc:postgresql://db.internal:5432/billing\n"
                "flyway.user=flyway\n"
                f"flyway.password={p}\n"
                "flyway.schemas=public\n"
                "flyway.locations=filesystem:sql/migrations\n"
                "flyway.baselineOnMigrate=true\n"
            )
            return item(text, [("flyway-password", p)], fmt="properties", name="conf/flyway.conf")
        if view == 1:
            return cmd(
                f"flyway -url=jdbc:postgresql://db.internal:5432/billing -user=flyway -password={shq(p)} -locations=filesystem:sql/migrations migrate",
                [("flyway-password", p)],
            )
        return env(
            [("FLYWAY_URL", "jdbc:postgresql://db.internal:5432/billing"), ("FLYWAY_USER", "flyway"), ("FLYWAY_PASSWORD", p)],
            [("flyway-password", p)],
        )
    if form == 4:
        p = pw()
        if half():
            text = (
                "changeLogFile: db/changelog/db.changelog-master.yaml\n"
                "url: jdbc:postgresql://db.internal:5432/orders\n"
                "username: liquibase\n"
                f"password: {p}\n"
                "liquibase.hub.mode: off\n"
            )
            return item(text, [("liquibase-password", p)], fmt="properties", name="liquibase.properties")
        return cmd(
            f"liquibase update --changelog-file=db/changelog/db.changelog-master.yaml --url=jdbc:postgresql://db.internal:5432/orders --username=liquibase --password={shq(p)}",
            [("liquibase-password", p)],
        )
    if form == 5:
        p = pw()
        if half():
            text = (
                "quarkus.datasource.db-kind=postgresql\n"
                "quarkus.datasource.username=orders\n"
                f"%prod.quarkus.datasource.password={p}\n"
                "%prod.quarkus.datasource.jdbc.url=jdbc:postgresql://db.internal:5432/orders\n"
                "quarkus.hibernate-orm.database.generation=none\n"
            )
            return item(text, [("quarkus-datasource-password", p)], fmt="properties", name="src/main/resources/application.properties")
        return env(
            [("QUARKUS_DATASOURCE_USERNAME", "orders"), ("_PROD_QUARKUS_DATASOURCE_PASSWORD", p), ("QUARKUS_HTTP_PORT", "8080")],
            [("quarkus-datasource-password", p)],
        )
    if form == 6:
        s = token(R.choice([32, 40]))
        text = (
            "quarkus.oidc.auth-server-url=https://sso.corp.example/realms/corp\n"
            "quarkus.oidc.client-id=orders-service\n"
            f"quarkus.oidc.credentials.secret={s}\n"
            "quarkus.oidc.application-type=service\n"
        )
        return item(text, [("quarkus-oidc-secret", s)], fmt="properties", name="src/main/resources/application.properties")
    p = pw(" ")
    if half():
        return env(
            [
                (
                    "JAVA_TOOL_OPTIONS",
                    f"-Djavax.net.ssl.keyStore=/etc/app/keystore.p12 -Djavax.net.ssl.keyStorePassword={p} -Djavax.net.ssl.keyStoreType=PKCS12",
                ),
                ("JAVA_OPTS", "-Xmx1g"),
            ],
            [("jvm-keystore-password", p)],
        )
    return cmd(
        f"java -Djavax.net.ssl.keyStore=/etc/app/client.p12 -Djavax.net.ssl.keyStorePassword={shq(p)} -jar build/libs/partner-sync.jar --once",
        [("jvm-keystore-password", p)],
    )


# ---------------------------------------------------------------- kind: xml-attr-creds


def xml_attr_creds(is_clean):
    """Passwords in XML attributes: Tomcat `context.xml` `<Resource password=…>` (and an `xmlstarlet` edit setting it),
    log4j2 `smtpPassword`, NLog `connectionString`, `web.config` `appSettings` (and IIS `appcmd`) and `connectionStrings`,
    Ant `<sshexec>` / `<scp todir="user:pw@…">`, Ivy `<credentials passwd=…>`, GlassFish `<property name="password">`,
    FileZilla `<Pass encoding="base64">`."""
    if is_clean:
        form = deal("xmlattr/clean", 5)
        if form == 0:
            text = (
                '<?xml version="1.0" encoding="UTF-8"?>\n'
                "<Context>\n"
                "  <WatchedResource>WEB-INF/web.xml</WatchedResource>\n"
                '  <Resource name="jdbc/AppDB" auth="Container" type="javax.sql.DataSource"\n'
                '            maxTotal="20" maxIdle="10" maxWaitMillis="10000"\n'
                '            username="${db.user}" password="${db.password}"\n'
                '            driverClassName="org.postgresql.Driver" url="${db.url}"/>\n'
                "</Context>\n"
            )
            return clean(text, fmt="xml", name="conf/context.xml")
        if form == 1:
            text = (
                '<Configuration status="warn">\n'
                "  <Appenders>\n"
                '    <SMTP name="Mail" subject="[billing] error" to="oncall@corp.example" from="billing@corp.example"\n'
                '          smtpHost="smtp.corp.example" smtpPort="587" smtpUsername="${env:SMTP_USER}" smtpPassword="${env:SMTP_PASSWORD}" bufferSize="50"/>\n'
                "  </Appenders>\n"
                '  <Loggers><Root level="error"><AppenderRef ref="Mail"/></Root></Loggers>\n'
                "</Configuration>\n"
            )
            return clean(text, fmt="xml", name="src/main/resources/log4j2.xml")
        if form == 2:
            text = (
                "<configuration>\n"
                '  <connectionStrings configProtectionProvider="RsaProtectedConfigurationProvider">\n'
                '    <EncryptedData Type="http://www.w3.org/2001/04/xmlenc#Element" xmlns="http://www.w3.org/2001/04/xmlenc#">\n'
                '      <EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes256-cbc" />\n'
                '      <KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#">\n'
                '        <EncryptedKey xmlns="http://www.w3.org/2001/04/xmlenc#">\n'
                '          <EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p" />\n'
                '          <KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><KeyName>Rsa Key</KeyName></KeyInfo>\n'
                f"          <CipherData><CipherValue>{b64(rbytes(128))}</CipherValue></CipherData>\n"
                "        </EncryptedKey>\n"
                "      </KeyInfo>\n"
                f"      <CipherData><CipherValue>{b64(rbytes(R.choice([176, 208, 240])))}</CipherValue></CipherData>\n"
                "    </EncryptedData>\n"
                "  </connectionStrings>\n"
                "</configuration>\n"
            )
            return clean(text, fmt="xml", name="web.config")
        if form == 3:
            text = (
                '<?xml version="1.0" encoding="UTF-8"?>\n'
                '<FileZilla3 version="3.67.1" platform="windows">\n'
                "  <Servers>\n"
                "    <Server>\n"
                "      <Host>ftp.partner.example</Host>\n"
                "      <Port>21</Port>\n"
                "      <Protocol>4</Protocol>\n"
                "      <Type>0</Type>\n"
                "      <User>corp-upload</User>\n"
                "      <Logontype>2</Logontype>\n"
                "      <Name>partner upload</Name>\n"
                "    </Server>\n"
                "  </Servers>\n"
                "</FileZilla3>\n"
            )
            return clean(text, fmt="xml", name="~/.config/filezilla/sitemanager.xml")
        text = (
            "<ivysettings>\n"
            '  <settings defaultResolver="corp"/>\n'
            '  <credentials host="repo.corp.example" realm="Sonatype Nexus Repository Manager" username="${repo.user}" passwd="${repo.password}"/>\n'
            "  <resolvers>\n"
            '    <ibiblio name="corp" m2compatible="true" root="https://repo.corp.example/repository/maven-public/"/>\n'
            "  </resolvers>\n"
            "</ivysettings>\n"
        )
        if half():
            text = (
                "<configuration>\n"
                "  <appSettings>\n"
                '    <add key="SmtpHost" value="smtp.corp.example" />\n'
                '    <add key="SmtpPassword" value="" />\n'
                '    <add key="PartnerApiKey" value="YOUR-API-KEY-HERE" />\n'
                f'    <add key="BuildSha" value="{sha1hex()}" />\n'
                "  </appSettings>\n"
                "</configuration>\n"
            )
            return clean(text, fmt="xml", name="web.config")
        return clean(text, fmt="xml", name="ivysettings.xml")
    form = deal("xmlattr/secret", 8)
    if form == 0:
        p = pw()
        if half():
            return cmd(
                f"xmlstarlet ed -L -u '//Resource[@name=\"jdbc/AppDB\"]/@password' -v {shq(p)} /opt/tomcat/conf/context.xml",
                [("tomcat-resource-password", p)],
            )
        text = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            "<Context>\n"
            "  <WatchedResource>WEB-INF/web.xml</WatchedResource>\n"
            '  <Resource name="jdbc/AppDB" auth="Container" type="javax.sql.DataSource"\n'
            '            maxTotal="20" maxIdle="10" maxWaitMillis="10000"\n'
            f'            username="appuser" password="{p}" driverClassName="org.postgresql.Driver"\n'
            '            url="jdbc:postgresql://db.internal:5432/app"/>\n'
            "</Context>\n"
        )
        return item(text, [("tomcat-resource-password", p)], fmt="xml", name="conf/context.xml")
    if form == 1:
        p = pw()
        text = (
            '<Configuration status="warn">\n'
            "  <Appenders>\n"
            '    <SMTP name="Mail" subject="[billing] error" to="oncall@corp.example" from="billing@corp.example"\n'
            f'          smtpHost="smtp.corp.example" smtpPort="587" smtpUsername="billing-alerts" smtpPassword="{p}" bufferSize="50"/>\n'
            "  </Appenders>\n"
            '  <Loggers><Root level="error"><AppenderRef ref="Mail"/></Root></Loggers>\n'
            "</Configuration>\n"
        )
        return item(text, [("log4j2-smtp-password", p)], fmt="xml", name="src/main/resources/log4j2.xml")
    if form == 2:
        p = pw(";=")
        text = (
            '<?xml version="1.0" encoding="utf-8" ?>\n'
            '<nlog xmlns="http://www.nlog-project.org/schemas/NLog.xsd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
            "  <targets>\n"
            '    <target xsi:type="Database" name="db" dbProvider="Microsoft.Data.SqlClient.SqlConnection, Microsoft.Data.SqlClient"\n'
            f'            connectionString="Server=sql01.corp.example;Database=Logs;User Id=nlog;Password={p};TrustServerCertificate=True"\n'
            '            commandText="INSERT INTO Log (Logged, Level, Message) VALUES (@logged, @level, @message)" />\n'
            "  </targets>\n"
            '  <rules><logger name="*" minlevel="Warn" writeTo="db" /></rules>\n'
            "</nlog>\n"
        )
        return item(text, [("nlog-db-password", p)], fmt="xml", name="NLog.config")
    if form == 3:
        if half():
            p = pw()
            if half():
                return cmd(
                    f"%windir%/system32/inetsrv/appcmd.exe set config \"Default Web Site/billing\" /section:appSettings /+\"[key='SmtpPassword',value='{p}']\"",
                    [("webconfig-appsetting", p)],
                )
            k, p = "SmtpPassword", p
        else:
            k, p = "PartnerApiKey", token(32)
        text = (
            '<?xml version="1.0" encoding="utf-8"?>\n'
            "<configuration>\n"
            "  <appSettings>\n"
            '    <add key="SmtpHost" value="smtp.corp.example" />\n'
            '    <add key="PartnerBaseUrl" value="https://api.partner.example/v2/" />\n'
            f'    <add key="{k}" value="{p}" />\n'
            "  </appSettings>\n"
            "</configuration>\n"
        )
        return item(text, [("webconfig-appsetting", p)], fmt="xml", name="web.config")
    if form == 4:
        p = pw(";=")
        text = (
            '<?xml version="1.0" encoding="utf-8"?>\n'
            "<configuration>\n"
            "  <connectionStrings>\n"
            f'    <add name="Default" connectionString="Data Source=sql01.corp.example;Initial Catalog=Shop;User ID=shop;Password={p};MultipleActiveResultSets=True" providerName="System.Data.SqlClient" />\n'
            "  </connectionStrings>\n"
            "</configuration>\n"
        )
        return item(text, [("webconfig-connection-password", p)], fmt="xml", name="web.config")
    if form == 5:
        p = pw(":@/")
        if half():
            line = (
                f'    <sshexec host="app01.corp.example" username="deploy" password="{p}" trust="true" command="sudo systemctl restart billing"/>\n'
            )
        else:
            line = f'    <scp file="build/billing.war" todir="deploy:{p}@app01.corp.example:/opt/tomcat/webapps" trust="true"/>\n'
        text = '<project name="billing" default="deploy">\n  <target name="deploy" depends="war">\n' + line + "  </target>\n</project>\n"
        return item(text, [("ant-ssh-password", p)], fmt="xml", name="build.xml")
    if form == 6:
        p = pw()
        text = (
            "<ivysettings>\n"
            '  <settings defaultResolver="corp"/>\n'
            f'  <credentials host="repo.corp.example" realm="Sonatype Nexus Repository Manager" username="ci" passwd="{p}"/>\n'
            "  <resolvers>\n"
            '    <ibiblio name="corp" m2compatible="true" root="https://repo.corp.example/repository/maven-public/"/>\n'
            "  </resolvers>\n"
            "</ivysettings>\n"
        )
        return item(text, [("ivy-credentials-passwd", p)], fmt="xml", name="ivysettings.xml")
    if half():
        p = pw()
        text = (
            '<jdbc-connection-pool name="AppPool" datasource-classname="org.postgresql.ds.PGSimpleDataSource" res-type="javax.sql.DataSource">\n'
            '  <property name="serverName" value="db.internal"></property>\n'
            '  <property name="portNumber" value="5432"></property>\n'
            '  <property name="databaseName" value="app"></property>\n'
            '  <property name="User" value="app"></property>\n'
            f'  <property name="Password" value="{p}"></property>\n'
            "</jdbc-connection-pool>\n"
        )
        return item(text, [("glassfish-pool-password", p)], fmt="xml", name="glassfish/domains/domain1/config/pool.xml")
    p = pw()
    enc = b64(p.encode())
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<FileZilla3 version="3.67.1" platform="windows">\n'
        "  <Servers>\n"
        "    <Server>\n"
        "      <Host>ftp.partner.example</Host>\n"
        "      <Port>21</Port>\n"
        "      <Protocol>4</Protocol>\n"
        "      <Type>0</Type>\n"
        "      <User>corp-upload</User>\n"
        f'      <Pass encoding="base64">{enc}</Pass>\n'
        "      <Logontype>1</Logontype>\n"
        "      <Name>partner upload</Name>\n"
        "    </Server>\n"
        "  </Servers>\n"
        "</FileZilla3>\n"
    )
    return item(text, [("filezilla-pass-base64", enc)], fmt="xml", name="~/.config/filezilla/sitemanager.xml")


# ---------------------------------------------------------------- kind: dsn-odd-separators


def dsn_odd_separators(is_clean):
    """Connection strings whose password sits behind an unusual separator: Go MySQL DSNs (`user:pw@tcp(…)/db`), Oracle
    EZConnect and TNS descriptors (`user/pw@…`), DB2 and Informix JDBC (`:user=…;password=…;`), SQL Server JDBC
    (`;password={…}`), H2 and jTDS (`;PASSWORD=`), libpq keyword strings, ODBC `Pwd={…}`, Npgsql / OLE DB (`Password=`,
    ASP.NET's `ConnectionStrings__Default`, a `.udl` file)."""
    if is_clean:
        form = deal("dsn/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("MYSQL_DSN", "billing@unix(/run/mysqld/mysqld.sock)/billing?parseTime=true"),
                    ("REPORTS_DSN", "reports:${REPORTS_DB_PASSWORD}@tcp(db.internal:3306)/reports?tls=true"),
                    ("ORACLE_CONN", "/@BILLING_TNS"),
                ],
                name=".env",
            )
        if form == 1:
            text = (
                'var connStr = "Server=sql01.corp.example;Database=Shop;Integrated Security=SSPI;TrustServerCertificate=True";\n'
                'var odbc = "Driver={ODBC Driver 18 for SQL Server};Server=tcp:sql01.corp.example,1433;Database=Shop;Trusted_Connection=yes;Encrypt=yes;";\n'
                'var mi = "Server=tcp:corp-sql.database.windows.net;Database=Shop;Authentication=Active Directory Managed Identity;";\n'
            )
            return clean(text, fmt="cs", name="src/Shop/Db.cs")
        if form == 2:
            return env_clean(
                [
                    ("PG_DSN", "host=db.internal port=5432 dbname=billing user=billing passfile=/home/app/.pgpass sslmode=verify-full"),
                    ("PGPASSFILE", "/home/app/.pgpass"),
                    ("DB2_URL", "jdbc:db2://db2.internal:50000/SAMPLE:securityMechanism=18;sslConnection=true;"),
                ],
                name=".env",
            )
        if form == 3:
            text = (
                "spring.datasource.url=jdbc:sqlserver://sql01.corp.example:1433;databaseName=Shop;user=shop;password=********;encrypt=true\n"
                "reports.url=jdbc:jtds:sybase://ase.internal:5000/trades;user=trader;password=\n"
                f"# rotated {pick('2026-11-30', '2026-12-02')} by the vault agent, see ops ticket {rs(3, UPPER)}-{R.randint(100, 999)}\n"
            )
            return clean(text, fmt="properties", name="config/application.properties")
        text = (
            "import os\n\nimport oracledb\n\n"
            'conn = oracledb.connect(user="billing", password=os.environ["ORACLE_PASSWORD"], dsn="db.internal:1521/ORCLPDB1")\n'
            'dsn = "(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=db.internal)(PORT=1521))(CONNECT_DATA=(SERVICE_NAME=ORCLPDB1)))"\n'
        )
        return clean(text, fmt="py", name="jobs/oracle_export.py")
    form = deal("dsn/secret", 8)
    if form == 0:
        p = pw()
        dsn = f"{pick('billing', 'app', 'sync')}:{p}@tcp(db.internal:3306)/{pick('billing', 'app')}?parseTime=true&loc=UTC"
        if half():
            text = (
                "package store\n\n"
                'import (\n\t"database/sql"\n\n\t_ "github.com/go-sql-driver/mysql"\n)\n\n'
                "func Open() (*sql.DB, error) {\n"
                f'\treturn sql.Open("mysql", "{dsn}")\n'
                "}\n"
            )
            return item(text, [("dsn-password", p)], fmt="go", name="internal/store/db.go")
        return env([("MYSQL_DSN", dsn), ("MYSQL_MAX_CONNS", "20")], [("dsn-password", p)])
    if form == 1:
        p = pw("/@:")
        view = R.randrange(3)
        if view == 0:
            return env([("ORACLE_CONN", f"billing/{p}@//db.internal:1521/ORCLPDB1")], [("dsn-password", p)])
        if view == 1:
            text = (
                "import oracledb\n\n"
                f'conn = oracledb.connect("billing/{p}@db.internal:1521/ORCLPDB1")\n'
                'cur = conn.cursor()\ncur.execute("select count(*) from invoices")\n'
            )
            return item(text, [("dsn-password", p)], fmt="py", name="jobs/oracle_export.py")
        return env(
            [
                (
                    "ORACLE_CONN",
                    f"billing/{p}@(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=db.internal)(PORT=1521))(CONNECT_DATA=(SERVICE_NAME=ORCLPDB1)))",
                )
            ],
            [("dsn-password", p)],
        )
    if form == 2:
        p = pw(";:")
        if half():
            url = f"jdbc:db2://db2.internal:50000/SAMPLE:user=db2inst1;password={p};sslConnection=true;"
        else:
            url = f"jdbc:informix-sqli://ifx.internal:9088/stores:INFORMIXSERVER=ol_ifx;user=informix;password={p}"
        if half():
            return item(
                f"spring.datasource.url={url}\nspring.datasource.hikari.maximum-pool-size=8\n",
                [("dsn-password", p)],
                fmt="properties",
                name="config/application.properties",
            )
        return env([("LEGACY_JDBC_URL", url)], [("dsn-password", p)])
    if form == 3:
        p = pw()
        if half():
            k = R.randint(2, len(p) - 2)
            p = p[:k] + ";" + p[k:]
        url = f"jdbc:sqlserver://sql01.corp.example:1433;databaseName=Shop;user=shop;password={{{p}}};encrypt=true;trustServerCertificate=false"
        if half():
            return item(
                f"spring.datasource.url={url}\nspring.datasource.driver-class-name=com.microsoft.sqlserver.jdbc.SQLServerDriver\n",
                [("dsn-password", p)],
                fmt="properties",
                name="config/application.properties",
            )
        return env([("SHOP_JDBC_URL", url)], [("dsn-password", p)])
    if form == 4:
        p = pw(";")
        if half():
            url = f"jdbc:h2:tcp://h2.internal:9092/~/reports;USER=sa;PASSWORD={p}"
        else:
            url = f"jdbc:jtds:sybase://ase.internal:5000/trades;user=trader;password={p}"
        if half():
            return cmd(f"java -cp lib/* com.corp.reports.Export --jdbc '{url}' --out out/report.csv", [("dsn-password", p)])
        return env([("REPORTS_JDBC_URL", url)], [("dsn-password", p)])
    if form == 5:
        p = pw(" ")
        if half():
            return env(
                [("PG_DSN", f"host=db.internal port=5432 dbname=billing user=billing password={p} sslmode=verify-full")], [("dsn-password", p)]
            )
        text = (
            "import psycopg\n\n"
            f"conn = psycopg.connect(\"host=db.internal port=5432 dbname=billing user=billing password='{p}' sslmode=require\")\n"
            'with conn.cursor() as cur:\n    cur.execute("select 1")\n'
        )
        return item(text, [("dsn-password", p)], fmt="py", name="jobs/pg_check.py")
    if form == 6:
        p = pw()
        if half():
            k = R.randint(2, len(p) - 2)
            p = p[:k] + pick(";", "=") + p[k:]
        cs = f"Driver={{ODBC Driver 18 for SQL Server}};Server=tcp:sql01.corp.example,1433;Database=Shop;Uid=shop;Pwd={{{p}}};Encrypt=yes;"
        if half():
            text = f'library(DBI)\n\ncon <- dbConnect(odbc::odbc(), .connection_string = "{cs}")\norders <- dbGetQuery(con, "SELECT TOP 10 * FROM dbo.Orders")\n'
            return item(text, [("dsn-password", p)], fmt="r", name="analysis/orders.R")
        text = f'$conn = New-Object System.Data.Odbc.OdbcConnection\n$conn.ConnectionString = "{cs}"\n$conn.Open()\n'
        return item(text, [("dsn-password", p)], fmt="ps1", name="scripts/Export-Orders.ps1")
    p = pw(";=")
    view = R.randrange(3)
    if view == 0:
        return env(
            [
                ("ASPNETCORE_ENVIRONMENT", "Production"),
                ("ConnectionStrings__Default", f"Host=pg.internal;Port=5432;Database=orders;Username=orders;Password={p};SSL Mode=Require"),
            ],
            [("dsn-password", p)],
        )
    if view == 1:
        text = f"[oledb]\n; Everything after this line is an OLE DB initstring\nProvider=MSOLEDBSQL.1;Password={p};Persist Security Info=True;User ID=shop;Initial Catalog=Shop;Data Source=sql01.corp.example\n"
        return item(text, [("dsn-password", p)], fmt="udl", name="reports/shop.udl")
    return cmd(
        f'dotnet run --project src/Orders.Migrator -- --connection "Host=pg.internal;Database=orders;Username=orders;Password={p}"',
        [("dsn-password", p)],
    )


# ---------------------------------------------------------------- kind: cloud-cli-password-flags


def cloud_cli_password_flags(is_clean):
    """Password options of cloud and virtualisation CLIs (*memory*): `aws rds create-db-instance` / `modify-db-instance
    --master-user-password`, Redshift, DocumentDB and ElastiCache users, `az vm create --admin-password`, `az postgres
    flexible-server create` / `az sql server create`, `gcloud sql users set-password` / `instances create
    --root-password`, govc (`GOVC_PASSWORD`, `GOVC_URL` userinfo) and `ovftool vi://…`, OpenStack (`openrc`,
    `clouds.yaml`, `--os-password`), `oci db autonomous-database create --admin-password`."""
    if is_clean:
        form = deal("cloudpw/clean", 5)
        if form == 0:
            return cmd_clean(
                "aws rds create-db-instance --db-instance-identifier billing-prod --engine postgres --engine-version 16.4 "
                "--db-instance-class db.t4g.medium --allocated-storage 50 --master-username billing_admin "
                "--manage-master-user-password --master-user-secret-kms-key-id alias/rds-prod",
                name="scripts/create-db.sh",
            )
        if form == 1:
            if half():
                return cmd_clean("gcloud sql users set-password app --instance=billing-pg --prompt-for-password", name="scripts/rotate.sh")
            return cmd_clean(
                "az vm create -g rg-ops -n vm-bastion --image Ubuntu2204 --admin-username azureuser --authentication-type ssh --generate-ssh-keys",
                name="scripts/bastion.sh",
            )
        if form == 2:
            if half():
                return cmd_clean(
                    "aws rds modify-db-instance --db-instance-identifier billing-prod --apply-immediately --master-user-password "
                    '"$(aws secretsmanager get-secret-value --secret-id prod/billing/db --query SecretString --output text)"',
                    name="scripts/rotate.sh",
                )
            return cmd_clean(
                "az postgres flexible-server create -g rg-app -n pg-billing --admin-user pgadmin --admin-password "
                '"$(az keyvault secret show --vault-name kv-app --name pg-admin --query value -o tsv)" --sku-name Standard_B1ms',
                name="scripts/create-pg.sh",
            )
        if form == 3:
            text = (
                "#!/usr/bin/env bash\n"
                "export OS_AUTH_URL=https://keystone.corp.example:5000/v3\n"
                'export OS_PROJECT_NAME="billing"\n'
                'export OS_USER_DOMAIN_NAME="Default"\n'
                'export OS_USERNAME="svc-billing"\n'
                'echo "Please enter your OpenStack Password for project $OS_PROJECT_NAME as user $OS_USERNAME: "\n'
                "read -sr OS_PASSWORD_INPUT\n"
                "export OS_PASSWORD=$OS_PASSWORD_INPUT\n"
                'export OS_REGION_NAME="RegionOne"\n'
                "export OS_IDENTITY_API_VERSION=3\n"
            )
            return clean(text, fmt="sh", name="billing-openrc.sh")
        doc = {
            "DBInstances": [
                {
                    "DBInstanceIdentifier": "billing-prod",
                    "DBInstanceClass": "db.t4g.medium",
                    "Engine": "postgres",
                    "DBInstanceStatus": "available",
                    "MasterUsername": "billing_admin",
                    "Endpoint": {"Address": f"billing-prod.{rs(12, LOWER + DIGITS)}.eu-west-1.rds.amazonaws.com", "Port": 5432},
                    "DbiResourceId": "db-" + rs(26, UPPER + DIGITS),
                    "MasterUserSecret": {
                        "SecretArn": f"arn:aws:secretsmanager:eu-west-1:{digits(12)}:secret:rds!db-{uuid4()}-{rs(6, ALNUM)}",
                        "SecretStatus": "active",
                        "KmsKeyId": f"arn:aws:kms:eu-west-1:{digits(12)}:key/{uuid4()}",
                    },
                }
            ]
        }
        return clean(json.dumps(doc, indent=4) + "\n", fmt="json", name="reports/rds-describe.json")
    form = deal("cloudpw/secret", 8)
    if form == 0:
        p = pw()
        if half():
            return cmd(
                "aws rds create-db-instance --db-instance-identifier billing-prod --engine postgres --engine-version 16.4 "
                f"--db-instance-class db.t4g.medium --allocated-storage 50 --master-username billing_admin --master-user-password {shq(p)} "
                f"--vpc-security-group-ids sg-{rs(17, HEX)} --no-publicly-accessible",
                [("rds-master-password", p)],
            )
        return cmd(
            f"aws rds modify-db-instance --db-instance-identifier billing-prod --master-user-password {shq(p)} --apply-immediately",
            [("rds-master-password", p)],
        )
    if form == 1:
        p = pw()
        view = R.randrange(3)
        if view == 0:
            c = f"aws redshift create-cluster --cluster-identifier analytics --node-type ra3.xlplus --master-username awsuser --master-user-password {shq(p)} --number-of-nodes 2"
        elif view == 1:
            c = f"aws docdb create-db-cluster --db-cluster-identifier catalog --engine docdb --master-username catalog_admin --master-user-password {shq(p)}"
        else:
            c = f"aws elasticache create-user --user-id app-user --user-name app --engine redis --passwords {shq(p)} --access-string 'on ~app:* +@all'"
        return cmd(c, [("aws-db-user-password", p)])
    if form == 2:
        p = pw()
        return cmd(
            f"az vm create -g rg-ops -n vm-jump01 --image Win2022Datacenter --admin-username azureadmin --admin-password {shq(p)} --public-ip-sku Standard",
            [("az-vm-admin-password", p)],
        )
    if form == 3:
        p = pw()
        if half():
            c = f"az postgres flexible-server create -g rg-app -n pg-billing --admin-user pgadmin --admin-password {shq(p)} --sku-name Standard_B1ms --tier Burstable"
        else:
            c = f"az sql server create -g rg-app -n sql-shop-weu -l westeurope -u sqladmin -p {shq(p)}"
        return cmd(c, [("az-db-admin-password", p)])
    if form == 4:
        p = pw()
        if half():
            c = f"gcloud sql users set-password app --instance=billing-pg --password={shq(p)}"
        else:
            c = f"gcloud sql instances create billing-pg --database-version=POSTGRES_16 --tier=db-g1-small --region=europe-west1 --root-password={shq(p)}"
        return cmd(c, [("gcloud-sql-password", p)])
    if form == 5:
        p = pw(":@/?")
        view = R.randrange(3)
        if view == 0:
            return env(
                [("GOVC_URL", "vcenter.corp.example"), ("GOVC_USERNAME", "svc-govc@vsphere.local"), ("GOVC_PASSWORD", p), ("GOVC_INSECURE", "1")],
                [("vsphere-password", p)],
            )
        if view == 1:
            return env([("GOVC_URL", f"https://svc-govc:{p}@vcenter.corp.example/sdk"), ("GOVC_DATACENTER", "DC1")], [("vsphere-password", p)])
        return cmd(
            f"ovftool --acceptAllEulas --name=app01 --datastore=ds-ssd-01 build/app.ova 'vi://svc-deploy:{p}@vcenter.corp.example/DC1/host/Cluster1'",
            [("vsphere-password", p)],
        )
    if form == 6:
        p = pw()
        view = R.randrange(3)
        if view == 0:
            text = (
                "#!/usr/bin/env bash\n"
                "export OS_AUTH_URL=https://keystone.corp.example:5000/v3\n"
                'export OS_PROJECT_NAME="billing"\n'
                'export OS_USER_DOMAIN_NAME="Default"\n'
                'export OS_USERNAME="svc-billing"\n'
                f'export OS_PASSWORD="{p}"\n'
                'export OS_REGION_NAME="RegionOne"\n'
                "export OS_IDENTITY_API_VERSION=3\n"
            )
            return item(text, [("openstack-password", p)], fmt="sh", name="billing-openrc.sh")
        if view == 1:
            text = (
                "clouds:\n"
                "  corp:\n"
                "    auth:\n"
                "      auth_url: https://keystone.corp.example:5000/v3\n"
                "      username: svc-billing\n"
                f"      password: {p}\n"
                "      project_name: billing\n"
                "      user_domain_name: Default\n"
                "    region_name: RegionOne\n"
                "    identity_api_version: 3\n"
            )
            return item(text, [("openstack-password", p)], fmt="yaml", name="~/.config/openstack/clouds.yaml")
        return cmd(
            f"openstack --os-auth-url https://keystone.corp.example:5000/v3 --os-username svc-billing --os-password {shq(p)} --os-project-name billing server list",
            [("openstack-password", p)],
        )
    p = pw()
    return cmd(
        f"oci db autonomous-database create --compartment-id ocid1.compartment.oc1..aaaaaaaa{rs(52, LOWER + DIGITS)} --db-name BILLING "
        f"--cpu-core-count 1 --data-storage-size-in-tbs 1 --admin-password {shq(p)} --display-name billing-adb",
        [("oci-adb-admin-password", p)],
    )


# ---------------------------------------------------------------- kind: daemon-conf-creds


def scram_hash():
    return f"SCRAM-SHA-256$4096:{b64(rbytes(16))}${b64(rbytes(32))}:{b64(rbytes(32))}"


def daemon_conf_creds(is_clean):
    """Server daemons' own credential lines: ProFTPD `SQLConnectInfo db@host user pw` (positional), Dovecot SQL
    `connect = … password=…`, a Postfix `mysql:` lookup table, PowerDNS `gmysql-password=` (file and flag), Apache
    `DBDParams` and `AuthLDAPBindPassword`, lighttpd's plain user file, pgbouncer `userlist.txt`, OpenResty
    `set $token "…";`, Traefik `customRequestHeaders` (file provider and a Docker label)."""
    if is_clean:
        form = deal("daemon/clean", 5)
        if form == 0:
            text = f'"billing" "{scram_hash()}"\n"reports" "md5{rs(32, HEX)}"\n"pgbouncer_stats" "{scram_hash()}"\n'
            return clean(text, fmt="text", name="etc/pgbouncer/userlist.txt")
        if form == 1:
            text = (
                '<Directory "/var/www/internal">\n'
                "  AuthType Basic\n"
                '  AuthName "Internal"\n'
                "  AuthBasicProvider ldap\n"
                '  AuthLDAPURL "ldaps://ldap.corp.example/ou=people,dc=corp,dc=example?uid"\n'
                '  AuthLDAPBindDN "cn=apache,ou=svc,dc=corp,dc=example"\n'
                '  AuthLDAPBindPassword "exec:/usr/local/sbin/ldap-bind-pw"\n'
                "  Require valid-user\n"
                "</Directory>\n"
            )
            return clean(text, fmt="apache", name="etc/apache2/sites-available/internal.conf")
        if form == 2:
            lines = []
            for u in R.sample(["alice", "bob", "carol", "deploy", "backup"], 3):
                lines.append(f"{u}@corp.example:{{SHA512-CRYPT}}$6${rs(16, ALNUM + './')}${rs(86, ALNUM + './')}:5000:5000::/var/mail/{u}")
            return clean("\n".join(lines) + "\n", fmt="text", name="etc/dovecot/users")
        if form == 3:
            lines = [f"{u}:Internal:{rs(32, HEX)}" for u in R.sample(["admin", "monitor", "deploy", "ops"], 2)]
            text = "\n".join(lines) + "\n"
            if half():
                text = (
                    "http:\n"
                    "  middlewares:\n"
                    "    dashboard-auth:\n"
                    "      basicAuth:\n"
                    "        users:\n"
                    f'          - "admin:$apr1${rs(8, ALNUM)}${rs(22, ALNUM + "./")}"\n'
                    f'          - "ops:$apr1${rs(8, ALNUM)}${rs(22, ALNUM + "./")}"\n'
                )
                return clean(text, fmt="yaml", name="traefik/dynamic/auth.yml")
            return clean(text, fmt="text", name="etc/lighttpd/lighttpd.htdigest")
        text = "launch=gmysql\ngmysql-host=db.internal\ngmysql-dbname=pdns\ngmysql-user=pdns\ngmysql-password=\ninclude-dir=/etc/powerdns/pdns.d\n"
        if half():
            text = (
                "location /partner/ {\n"
                '    set $partner_token "";  # filled in by the entrypoint from PARTNER_TOKEN\n'
                '    proxy_set_header Authorization "Bearer $partner_token";\n'
                "    proxy_pass https://api.partner.example/;\n"
                "}\n"
            )
            return clean(text, fmt="nginx", name="etc/openresty/conf.d/partner.conf")
        return clean(text, fmt="conf", name="etc/powerdns/pdns.conf")
    form = deal("daemon/secret", 8)
    if form == 0:
        p = pw(" ")
        text = (
            "<IfModule mod_sql.c>\n"
            "  SQLBackend        mysql\n"
            "  SQLEngine         on\n"
            "  SQLAuthenticate   users\n"
            "  SQLAuthTypes      Crypt\n"
            f"  SQLConnectInfo    ftpdb@db.internal:3306 proftpd {p}\n"
            "  SQLUserInfo       ftpuser userid passwd uid gid homedir shell\n"
            "</IfModule>\n"
        )
        return item(text, [("proftpd-sql-password", p)], fmt="conf", name="etc/proftpd/sql.conf")
    if form == 1:
        p = pw(" ")
        text = (
            "driver = pgsql\n"
            f"connect = host=db.internal dbname=mail user=dovecot password={p}\n"
            "default_pass_scheme = SHA512-CRYPT\n"
            "password_query = SELECT username AS user, password FROM mailbox WHERE username = '%u' AND active = true\n"
        )
        return item(text, [("dovecot-sql-password", p)], fmt="conf", name="etc/dovecot/dovecot-sql.conf.ext")
    if form == 2:
        p = pw(" ")
        text = (
            "user = postfix\n"
            f"password = {p}\n"
            "hosts = db.internal\n"
            "dbname = mail\n"
            "query = SELECT maildir FROM mailbox WHERE username='%s' AND active = 1\n"
        )
        return item(text, [("postfix-mysql-password", p)], fmt="conf", name="etc/postfix/mysql-virtual-mailbox-maps.cf")
    if form == 3:
        p = pw(" ")
        if half():
            text = f"launch=gmysql\ngmysql-host=db.internal\ngmysql-dbname=pdns\ngmysql-user=pdns\ngmysql-password={p}\nwebserver-address=127.0.0.1\n"
            return item(text, [("powerdns-db-password", p)], fmt="conf", name="etc/powerdns/pdns.conf")
        return cmd(
            f"pdns_server --daemon=no --launch=gpgsql --gpgsql-host=db.internal --gpgsql-user=pdns --gpgsql-password={shq(p)} --loglevel=5",
            [("powerdns-db-password", p)],
        )
    if form == 4:
        p = pw(" ")
        if half():
            text = (
                "DBDriver pgsql\n"
                f'DBDParams "hostaddr={ip4()} port=5432 dbname=auth user=apache password={p}"\n'
                "DBDMin 2\nDBDKeep 4\n\n"
                '<Directory "/var/www/internal">\n'
                "  AuthType Basic\n"
                '  AuthName "Internal"\n'
                "  AuthBasicProvider dbd\n"
                '  AuthDBDUserPWQuery "SELECT password FROM users WHERE username = %s"\n'
                "  Require valid-user\n"
                "</Directory>\n"
            )
            return item(text, [("apache-dbd-password", p)], fmt="apache", name="etc/apache2/conf-available/auth-dbd.conf")
        text = (
            '<Directory "/var/www/internal">\n'
            "  AuthType Basic\n"
            '  AuthName "Internal"\n'
            "  AuthBasicProvider ldap\n"
            '  AuthLDAPURL "ldaps://ldap.corp.example/ou=people,dc=corp,dc=example?uid"\n'
            '  AuthLDAPBindDN "cn=apache,ou=svc,dc=corp,dc=example"\n'
            f'  AuthLDAPBindPassword "{p}"\n'
            "  Require valid-user\n"
            "</Directory>\n"
        )
        return item(text, [("apache-ldap-bind-password", p)], fmt="apache", name="etc/apache2/sites-available/internal.conf")
    if form == 5:
        if half():
            users = R.sample(["admin", "monitor", "deploy", "ops"], R.choice([1, 2]))
            ps = [pw(" :") for _ in users]
            if half():
                text = "".join(f"{u}:{p}\n" for u, p in zip(users, ps, strict=True))
                return item(text, [("lighttpd-plain-password", p) for p in ps], fmt="text", name="etc/lighttpd/lighttpd.user")
            return cmd(f"echo '{users[0]}:{ps[0]}' | sudo tee -a /etc/lighttpd/lighttpd.user", [("lighttpd-plain-password", ps[0])])
        p = pw(" ")
        text = f'"billing" "{p}"\n"reports" "md5{rs(32, HEX)}"\n"pgbouncer_stats" "{scram_hash()}"\n'
        return item(text, [("pgbouncer-userlist-password", p)], fmt="text", name="etc/pgbouncer/userlist.txt")
    if form == 6:
        t = token(40)
        text = (
            "location /partner/ {\n"
            f'    set $partner_token "{t}";\n'
            '    proxy_set_header Authorization "Bearer $partner_token";\n'
            "    proxy_pass https://api.partner.example/;\n"
            "}\n"
        )
        return item(text, [("openresty-set-token", t)], fmt="nginx", name="etc/openresty/conf.d/partner.conf")
    t = token(R.choice([32, 40]))
    if half():
        text = (
            "http:\n"
            "  middlewares:\n"
            "    partner-auth:\n"
            "      headers:\n"
            "        customRequestHeaders:\n"
            f'          X-Api-Key: "{t}"\n'
            "  routers:\n"
            "    partner:\n"
            '      rule: "PathPrefix(`/partner`)"\n'
            "      middlewares: [partner-auth]\n"
            "      service: partner\n"
        )
        return item(text, [("traefik-header-token", t)], fmt="yaml", name="traefik/dynamic/partner.yml")
    return cmd(
        "docker run -d --name partner-proxy "
        f"-l traefik.http.middlewares.partner-auth.headers.customrequestheaders.X-Api-Key={t} "
        "-l traefik.http.routers.partner.middlewares=partner-auth corp/partner-proxy:1.4",
        [("traefik-header-token", t)],
    )


# ---------------------------------------------------------------- kind: data-dump-records


def ssha_b64():
    return b64(("{SSHA}" + b64(rbytes(24))).encode())


def data_dump_records(is_clean):
    """Credentials in dumps of data stores, saved and read back: LDIF (`userPassword:` in an import file, `::` base64 in
    `ldapsearch` output), DynamoDB typed JSON (`{"S": …}`), an Elasticsearch `_search` `_source`, DuckDB box tables,
    `cqlsh` tables, `mongoexport` JSON lines, `mysql --xml` rows."""
    if is_clean:
        form = deal("dump/clean", 5)
        if form == 0:
            text = (
                "# extended LDIF\n#\n# LDAPv3\n# base <ou=svc,dc=corp,dc=example> with scope subtree\n# filter: (uid=*)\n# requesting: ALL\n#\n\n"
                "# jenkins, svc, corp.example\n"
                "dn: uid=jenkins,ou=svc,dc=corp,dc=example\n"
                "objectClass: account\nobjectClass: simpleSecurityObject\nuid: jenkins\n"
                f"userPassword:: {ssha_b64()}\n\n"
                "# search result\nsearch: 2\nresult: 0 Success\n\n# numResponses: 2\n# numEntries: 1\n"
            )
            return clean(text, fmt="ldif", name="exports/svc-accounts.ldif")
        if form == 1:
            doc = {
                "Item": {
                    "pk": {"S": "user#" + uuid4()},
                    "email": {"S": "jane.doe@example.net"},
                    "password_hash": {"S": bcrypt_hash()},
                    "api_key_id": {"S": uuid4()},
                    "created_at": {"N": str(R.randint(1_767_000_000, 1_779_000_000))},
                }
            }
            return clean(json.dumps(doc, indent=4) + "\n", fmt="json", name="dumps/users-item.json")
        if form == 2:
            rows = [
                (r, pick("True", "False"), "False" if r != "cassandra" else "True", f"$2a$10${rs(53, ALNUM + './')}")
                for r in ["cassandra", "app", "reporting"]
            ]
            text = " role      | can_login | is_superuser | salted_hash\n-----------+-----------+--------------+--------------------------------------------------------------\n"
            text += "".join(f" {r:<9} | {c:>9} | {s:>12} | {h}\n" for r, c, s, h in rows)
            text += f"\n({len(rows)} rows)\n"
            return clean(text, fmt="text", name="dumps/system_auth_roles.txt")
        if form == 3:
            lines = []
            for _ in range(3):
                rec = {
                    "_id": {"$oid": rs(24, HEX)},
                    "email": f"{pick('jane', 'max', 'lee', 'sam')}.{pick('doe', 'roe', 'kim')}@example.net",
                    "password": f"$argon2id$v=19$m=65536,t=3,p=4${b64(rbytes(16)).rstrip('=')}${b64(rbytes(32)).rstrip('=')}",
                    "resetTokenSha256": sha256hex(),
                }
                lines.append(json.dumps(rec, separators=(",", ":")))
            return clean("\n".join(lines) + "\n", fmt="jsonl", name="dumps/users.jsonl")
        rows = [
            ("root", "localhost", "caching_sha2_password", "$A$005$" + rs(20, ALNUM) + rs(43, ALNUM)),
            ("app", "%", "mysql_native_password", "*" + rs(40, UHEX)),
        ]
        text = '<?xml version="1.0"?>\n\n<resultset statement="SELECT user, host, plugin, authentication_string FROM mysql.user\n" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
        for u, h, pl, a in rows:
            text += f'  <row>\n\t<field name="user">{u}</field>\n\t<field name="host">{h}</field>\n\t<field name="plugin">{pl}</field>\n\t<field name="authentication_string">{a}</field>\n  </row>\n\n'
        text += "</resultset>\n"
        return clean(text, fmt="xml", name="dumps/mysql-users.xml")
    form = deal("dump/secret", 8)
    if form == 0:
        p = pw()
        text = (
            "dn: uid=jenkins,ou=svc,dc=corp,dc=example\n"
            "changetype: add\n"
            "objectClass: account\n"
            "objectClass: simpleSecurityObject\n"
            "uid: jenkins\n"
            "description: CI bind account\n"
            f"userPassword: {p}\n"
        )
        return item(text, [("ldif-userpassword", p)], fmt="ldif", name="ldap/svc-jenkins.ldif")
    if form == 1:
        p = pw()
        enc = b64(p.encode())
        text = (
            "# extended LDIF\n#\n# LDAPv3\n# base <ou=svc,dc=corp,dc=example> with scope subtree\n# filter: (uid=nextcloud)\n# requesting: ALL\n#\n\n"
            "# nextcloud, svc, corp.example\n"
            "dn: uid=nextcloud,ou=svc,dc=corp,dc=example\n"
            "objectClass: account\nobjectClass: simpleSecurityObject\nuid: nextcloud\n"
            f"userPassword:: {enc}\n\n"
            "# search result\nsearch: 2\nresult: 0 Success\n\n# numResponses: 2\n# numEntries: 1\n"
        )
        return item(text, [("ldif-userpassword-base64", enc)], fmt="ldif", name="exports/svc-nextcloud.ldif")
    if form == 2:
        v = pick(pw(), token(40))
        doc = {
            "Item": {
                "pk": {"S": "integration#" + pick("smtp", "partner-sftp", "erp")},
                "username": {"S": pick("alerts", "corp-upload", "svc-erp")},
                pick("password", "secret", "api_token"): {"S": v},
                "updated_at": {"N": str(R.randint(1_767_000_000, 1_779_000_000))},
            }
        }
        return item(json.dumps(doc, indent=4) + "\n", [("dynamodb-attribute-secret", v)], fmt="json", name="dumps/integration-item.json")
    if form == 3:
        p = pw()
        doc = {
            "took": R.randint(1, 9),
            "timed_out": False,
            "hits": {
                "total": {"value": 1, "relation": "eq"},
                "hits": [
                    {
                        "_index": "integrations",
                        "_id": rs(20, ALNUM),
                        "_score": 1.0,
                        "_source": {"name": "partner-sftp", "host": "sftp.partner.example", "username": "corp", "password": p, "enabled": True},
                    }
                ],
            },
        }
        return item(json.dumps(doc, indent=2) + "\n", [("es-source-password", p)], fmt="json", name="dumps/integrations-search.json")
    if form == 4:
        p = pw()
        rows = [("smtp_host", "smtp.corp.example"), ("smtp_user", "alerts"), (pick("smtp_pass", "smtp_password"), p), ("smtp_port", "587")]
        w1 = max(len(r[0]) for r in [*rows, ("name", "")])
        w2 = max(len(r[1]) for r in [*rows, ("", "varchar")])
        top = f"┌─{'─' * w1}─┬─{'─' * w2}─┐"
        mid = f"├─{'─' * w1}─┼─{'─' * w2}─┤"
        bot = f"└─{'─' * w1}─┴─{'─' * w2}─┘"
        text = (
            "\n".join(
                [top, f"│ {'name'.center(w1)} │ {'value'.center(w2)} │", f"│ {'varchar'.center(w1)} │ {'varchar'.center(w2)} │", mid]
                + [f"│ {a.ljust(w1)} │ {b.ljust(w2)} │" for a, b in rows]
                + [bot]
            )
            + "\n"
        )
        return item(text, [("duckdb-cell-password", p)], fmt="text", name="dumps/settings.txt")
    if form == 5:
        t = token(R.choice([32, 40]))
        rows = [("partner_url", "https://api.partner.example/v2"), ("partner_token", t), ("partner_timeout", "30")]
        w = max(len(a) for a, _ in rows) + 1
        w2 = max(len(b) for _, b in rows) + 1
        text = (
            f" {'name'.ljust(w)}| value\n{'-' * (w + 1)}+{'-' * (w2 + 1)}\n"
            + "".join(f" {a.ljust(w)}| {b}\n" for a, b in rows)
            + f"\n({len(rows)} rows)\n"
        )
        return item(text, [("cqlsh-cell-token", t)], fmt="text", name="dumps/app_settings.txt")
    if form == 6:
        p = pw()
        lines = []
        secret_at = R.randrange(3)
        for i in range(3):
            rec = {
                "_id": {"$oid": rs(24, HEX)},
                "service": pick("smtp", "sftp", "erp"),
                "user": pick("alerts", "corp-upload", "svc-erp"),
                "password": p if i == secret_at else masked(8),
                "updatedAt": {"$date": f"2026-12-0{R.randint(1, 6)}T{clock(R.randint(0, 86399))}.000Z"},
            }
            lines.append(json.dumps(rec, separators=(",", ":")))
        return item("\n".join(lines) + "\n", [("mongoexport-password", p)], fmt="jsonl", name="dumps/integrations.jsonl")
    p = pw()
    text = (
        '<?xml version="1.0"?>\n\n'
        '<resultset statement="SELECT * FROM integrations WHERE name=\'partner-sftp\'\n" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
        "  <row>\n"
        f'\t<field name="id">{R.randint(2, 90)}</field>\n'
        '\t<field name="name">partner-sftp</field>\n'
        '\t<field name="host">sftp.partner.example</field>\n'
        '\t<field name="username">corp</field>\n'
        f'\t<field name="password">{p}</field>\n'
        "  </row>\n</resultset>\n"
    )
    return item(text, [("mysql-xml-password", p)], fmt="xml", name="dumps/integrations.xml")


# ---------------------------------------------------------------- kind: toml-ini-variants


def toml_ini_variants(is_clean):
    """TOML forms (inline tables, dotted keys, arrays of tables with literal strings) and INI variants: Mercurial `.hgrc`
    `[auth]`, `.wgetrc`, `.curlrc` `user = "u:p"`, Subversion `servers` `http-proxy-password`, php-fpm pool `env[…]`,
    uWSGI `env =`, Odoo `admin_passwd` / `db_password`."""
    if is_clean:
        form = deal("tomlini/clean", 5)
        if form == 0:
            text = (
                "[database]\n"
                'url = "postgres://app@db.internal:5432/app"\n'
                'password_file = "/run/secrets/db_password"\n\n'
                "[partner]\n"
                'endpoint = "https://api.partner.example/v2"\n'
                'token = { env = "PARTNER_TOKEN" }\n'
            )
            return clean(text, fmt="toml", name="config/app.toml")
        if form == 1:
            text = (
                "[www]\nuser = www-data\ngroup = www-data\nlisten = /run/php/php8.3-fpm.sock\npm = dynamic\npm.max_children = 10\n"
                "clear_env = no\nenv[DB_HOST] = db.internal\nenv[DB_PASSWORD] = $DB_PASSWORD\nenv[APP_KEY] = $APP_KEY\n"
            )
            return clean(text, fmt="ini", name="etc/php/8.3/fpm/pool.d/www.conf")
        if form == 2:
            text = (
                "[uwsgi]\nmodule = app.wsgi:application\nmaster = true\nprocesses = 4\nsocket = /run/uwsgi/app.sock\n"
                "env = DJANGO_SETTINGS_MODULE=app.settings.prod\nenv = DB_PASSWORD=@(/run/secrets/db_password)\n"
            )
            return clean(text, fmt="ini", name="deploy/uwsgi.ini")
        if form == 3:
            text = (
                "[options]\n"
                f"admin_passwd = $pbkdf2-sha512$600000${b64(rbytes(16)).rstrip('=').replace('+', '.')}${b64(rbytes(64)).rstrip('=').replace('+', '.')}\n"
                "db_host = db.internal\ndb_port = 5432\ndb_user = odoo\ndb_password = False\naddons_path = /mnt/extra-addons\n"
            )
            return clean(text, fmt="ini", name="etc/odoo/odoo.conf")
        text = "[extensions]\nmercurial_keyring =\n\n[auth]\ncorp.prefix = https://hg.corp.example/\ncorp.username = jdoe\n\n[ui]\nusername = Jane Doe <jane.doe@corp.example>\n"
        if half():
            text = "user = deploy\nuse_askpass = /usr/bin/ssh-askpass\ncheck_certificate = on\ntries = 3\n"
            return clean(text, fmt="ini", name="~/.wgetrc")
        return clean(text, fmt="ini", name="~/.hgrc")
    form = deal("tomlini/secret", 8)
    if form == 0:
        p = pw()
        text = (
            "[server]\n"
            'bind = "0.0.0.0:8080"\n\n'
            "[database]\n"
            f'primary = {{ host = "db.internal", port = 5432, user = "app", password = "{p}" }}\n'
            'replica = { host = "db-ro.internal", port = 5432, user = "app_ro" }\n'
        )
        return item(text, [("toml-inline-password", p)], fmt="toml", name="config/app.toml")
    if form == 1:
        v = pick(pw(), token(40))
        text = f'title = "sync"\n\nsmtp.host = "smtp.corp.example"\nsmtp.port = 587\nsmtp.user = "alerts"\nsmtp.password = "{v}"\n'
        return item(text, [("toml-dotted-password", v)], fmt="toml", name="config/sync.toml")
    if form == 2:
        t = token(R.choice([32, 40]))
        text = (
            "[[upstreams]]\n"
            'name = "billing"\n'
            'url = "http://billing.internal:8080"\n\n'
            "[[upstreams]]\n"
            'name = "partner"\n'
            "url = 'https://api.partner.example/v2'\n"
            f"token = '{t}'\n"
        )
        return item(text, [("toml-array-token", t)], fmt="toml", name="config/gateway.toml")
    if form == 3:
        p = pw(" ")
        text = (
            "[ui]\nusername = Jane Doe <jane.doe@corp.example>\n\n"
            "[auth]\n"
            "corp.prefix = https://hg.corp.example/\n"
            "corp.username = jdoe\n"
            f"corp.password = {p}\n"
            "corp.schemes = https\n"
        )
        return item(text, [("hgrc-auth-password", p)], fmt="ini", name="~/.hgrc")
    if form == 4:
        p = pw(" :")
        if half():
            text = f"user = deploy\npassword = {p}\ncheck_certificate = on\ntries = 3\n"
            return item(text, [("wgetrc-password", p)], fmt="ini", name="~/.wgetrc")
        text = f'# ~/.curlrc\nsilent\nshow-error\nuser = "deploy:{p}"\nretry = 3\n'
        return item(text, [("curlrc-user-password", p)], fmt="ini", name="~/.curlrc")
    if form == 5:
        p = pw(" ")
        text = (
            "[groups]\ncorp = *.corp.example\n\n"
            "[corp]\n"
            "http-proxy-host = proxy.corp.example\n"
            "http-proxy-port = 3128\n"
            "http-proxy-username = jdoe\n"
            f"http-proxy-password = {p}\n"
            "store-plaintext-passwords = yes\n"
        )
        return item(text, [("svn-proxy-password", p)], fmt="ini", name="~/.subversion/servers")
    if form == 6:
        p = pw(" ")
        text = (
            "[www]\nuser = www-data\ngroup = www-data\nlisten = /run/php/php8.3-fpm.sock\npm = dynamic\n"
            f"env[DB_HOST] = db.internal\nenv[DB_PASSWORD] = {p}\nphp_admin_value[error_log] = /var/log/fpm-php.www.log\n"
        )
        return item(text, [("phpfpm-env-password", p)], fmt="ini", name="etc/php/8.3/fpm/pool.d/www.conf")
    p = pw(" ")
    if half():
        text = f"[uwsgi]\nmodule = app.wsgi:application\nmaster = true\nprocesses = 4\nenv = DJANGO_SETTINGS_MODULE=app.settings.prod\nenv = DB_PASSWORD={p}\n"
        return item(text, [("uwsgi-env-password", p)], fmt="ini", name="deploy/uwsgi.ini")
    text = f"[options]\nadmin_passwd = {p}\ndb_host = db.internal\ndb_port = 5432\ndb_user = odoo\ndb_password = {p[::-1]}\naddons_path = /mnt/extra-addons\n"
    return item(text, [("odoo-admin-passwd", p), ("odoo-db-password", p[::-1])], fmt="ini", name="etc/odoo/odoo.conf")


# ---------------------------------------------------------------- kind: cli-options-more


def cli_options_more(is_clean):
    """Options of tools no round had (*memory*): `bcp -P` / `osql -P`, Oracle `expdp` / `sqlldr userid=` / `rman target
    user/pw@db`, `rabbitmqadmin -p`, `etcdctl --user root:pw`, `mysqlsh` (`--password=`, a URI) and `mycli -p`,
    `rpcclient -U 'dom/user%pw'` / `net rpc`, `evil-winrm -p`, `yt-dlp -p`, `aria2c --http-passwd=`, `unzip -P`,
    `unrar -p`, `qpdf --password=`, `racadm -p`, `esxcli --password`."""
    if is_clean:
        form = deal("cliopt/clean", 5)
        if form == 0:
            return cmd_clean(
                pick(
                    "expdp system@ORCLPDB1 schemas=BILLING directory=DATA_PUMP_DIR dumpfile=billing.dmp logfile=billing.log",
                    "rman target / cmdfile=backup_full.rman log=/var/log/rman/full.log",
                    "sqlldr userid=scott/tiger control=emp.ctl log=emp.log",
                ),
                name="scripts/oracle.sh",
            )
        if form == 1:
            return cmd_clean(
                pick(
                    'unzip -P "$(pass show backups/archive-zip)" backups/2026-12.zip -d restore/',
                    'aria2c --http-user=deploy --http-passwd="$ARIA2_PASS" -x4 https://files.corp.example/releases/app-4.2.tar.gz',
                    'racadm -r 10.0.9.21 -u root -p "$IDRAC_PASS" serveraction powerstatus',
                ),
                name="scripts/fetch.sh",
            )
        if form == 2:
            return cmd_clean(
                pick(
                    "yt-dlp --netrc -o 'talks/%(title)s.%(ext)s' https://video.corp.example/w/all-hands-2026-12",
                    "mysqlsh --uri app@db.internal:3306 --passwords-from-stdin --sql -e 'SELECT 1' < /run/secrets/db_password",
                    "mycli --login-path=ro billing",
                ),
                name="scripts/tools.sh",
            )
        if form == 3:
            return cmd_clean(
                pick(
                    "rpcclient -U '' -N dc01.corp.example -c srvinfo",
                    "evil-winrm -i 10.0.4.20 -u administrator -r CORP.EXAMPLE",
                    "etcdctl --endpoints=https://etcd1.internal:2379 --user root get /config/app --prefix",
                ),
                name="scripts/audit.sh",
            )
        return cmd_clean(
            pick(
                "bcp Shop.dbo.Orders out orders.dat -S sql01.corp.example -T -c -t,",
                "qpdf --decrypt --password-file=/run/secrets/statement-pdf statement.pdf statement-plain.pdf",
                "esxcli --server esx01.corp.example --username root --credstore ~/.vmware/credstore/vicredentials.xml network ip interface list",
            ),
            name="scripts/export.sh",
        )
    form = deal("cliopt/secret", 8)
    if form == 0:
        p = pw()
        if half():
            c = f"bcp Shop.dbo.Orders out orders.dat -S sql01.corp.example -U shop -P {shq(p)} -c -t,"
        else:
            c = f'osql -S sql01.corp.example -U sa -P {shq(p)} -Q "EXEC sp_who2"'
        return cmd(c, [("sqlserver-cli-password", p)])
    if form == 1:
        p = pw("/@:,")
        c = pick(
            f"expdp system/{p}@ORCLPDB1 schemas=BILLING directory=DATA_PUMP_DIR dumpfile=billing.dmp logfile=billing.log",
            f"sqlldr userid=billing/{p}@ORCLPDB1 control=orders.ctl log=orders.log",
            f"rman target sys/{p}@ORCL cmdfile=backup_full.rman",
        )
        return cmd(c, [("oracle-cli-password", p)])
    if form == 2:
        p = pw(":")
        if half():
            c = f"rabbitmqadmin -H mq.internal -u admin -p {shq(p)} list queues name messages"
        else:
            c = f"etcdctl --endpoints=https://etcd1.internal:2379 --user root:{shq(p)} get /config/app --prefix"
        return cmd(c, [("cli-user-password", p)])
    if form == 3:
        p = pw(":@/")
        c = pick(
            f"mysqlsh --uri app@db.internal:3306 --password={shq(p)} --sql -e 'SELECT COUNT(*) FROM orders'",
            f"mysqlsh app:{p}@db.internal:3306 --js -e 'print(session.runSql(\"SELECT 1\").fetchOne())'",
            f"mycli -h db.internal -u app -p {shq(p)} billing",
        )
        return cmd(c, [("mysql-shell-password", p)])
    if form == 4:
        p = pw("/@:")
        c = pick(
            f"rpcclient -U 'CORP/svc-audit%{p}' dc01.corp.example -c enumdomusers",
            f"net rpc group members 'Domain Admins' -U 'CORP/svc-audit%{p}' -S dc01.corp.example",
            f"evil-winrm -i 10.0.4.20 -u administrator -p '{p}'",
        )
        return cmd(c, [("windows-remote-password", p)])
    if form == 5:
        p = pw()
        if half():
            c = f"yt-dlp -u jane.doe@corp.example -p {shq(p)} -o 'talks/%(title)s.%(ext)s' https://video.corp.example/w/all-hands-2026-12"
        else:
            c = f"aria2c --http-user=deploy --http-passwd={shq(p)} -x4 https://files.corp.example/releases/app-4.2.tar.gz"
        return cmd(c, [("download-tool-password", p)])
    if form == 6:
        p = pw()
        c = pick(
            f"unzip -P {shq(p)} backups/2026-12.zip -d restore/",
            f"unrar x -p{shq(p)} archives/scans-2026.rar restore/",
            f"qpdf --password={shq(p)} --decrypt statement.pdf statement-plain.pdf",
        )
        return cmd(c, [("archive-password", p)])
    p = pw()
    if half():
        c = f"racadm -r 10.0.9.21 -u root -p {shq(p)} serveraction powercycle"
    else:
        c = f"esxcli --server esx01.corp.example --username root --password {shq(p)} network ip interface list"
    return cmd(c, [("bmc-hypervisor-password", p)])


# ---------------------------------------------------------------- contexts: shared


def abs_path(it):
    """Where the item lives on the host: `~/…` under the service user's home, `etc/…` at the root, else under `/srv/app`."""
    n = it["name"]
    if n.startswith("~/"):
        return "/home/app/" + n[2:]
    if n.startswith("etc/"):
        return "/" + n
    return "/srv/app/" + item_path(it)


def rel_path(it):
    n = it["name"]
    return abs_path(it) if n.startswith("~/") or n.startswith("etc/") else item_path(it)


def base_of(it):
    return it["name"].rsplit("/", 1)[-1]


def plain_piecer(a):
    """No value of this round holds a character its contexts would change (Ruby's `inspect`, HTML, SQL literals,
    wikitext, YAML and JSON strings), so the value itself is its piece wherever the context shows it whole."""
    assert not set(a) & CHANGED, a
    return [a]


def cmd_output():
    return pick('{"status":"ok"}', '{"data":[],"meta":{"count":0}}', "done", "OK", '{"ok":true}', "1 row(s) affected")


def cmd_failure():
    return pick(
        "curl: (22) The requested URL returned error: 401",
        "ERROR: access denied",
        "Error: exit status 1",
        '{"error":"unauthorized"}',
    )


def job_lines(it, extra_env=(), ok=True):
    """The lines a job prints that hold the item: env values printed (`env | sort`, a few of the runner's own among
    them), a command traced by `set -x` and its output, a file after `+ cat`."""
    pairs = env_pairs(it)
    if pairs is not None:
        return [f"{k}={v}" for k, v in sorted([*pairs, *extra_env])]
    if it["shape"] == "cmd":
        return ["+ " + ln for ln in it["text"].split("\n")] + [cmd_output() if ok else cmd_failure()]
    return [f"+ cat {abs_path(it)}", *file_lines(it["text"])]


def older_text(it):
    """An older version of the item: each credential a placeholder; for a clean item one line changed."""
    if it["secrets"]:
        text = it["text"]
        for s in it["secrets"]:
            text = text.replace(s["value"], pick("changeme", "REPLACE_ME", "<" + s["kind"].upper().replace("-", "_") + ">"))
        return text
    if it["shape"] == "cmd":
        return it["text"] + pick(" --verbose", " --dry-run")
    if it["fmt"] == "env":
        return it["text"] + "LOG_LEVEL=info\n"
    return template_of(it)


def term(typed, lines):
    return "result", "terminal", f"$ {typed}\n" + "\n".join(lines) + "\n", plain_piecer


def script_of(it):
    return f"#!/bin/sh\nset -eu\n{it['text']}\n"


# -- context-diff


def ed_script(old, new):
    """`diff -e`: the hunks last to first, as ed commands (`Nc`, `N,Md`, `Na`) each followed by its lines and `.`."""
    out = []
    ops = [op for op in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes() if op[0] != "equal"]
    for tag, i1, i2, j1, j2 in reversed(ops):
        rng = f"{i1 + 1},{i2}" if i2 - i1 > 1 else f"{i1 + 1}"
        if tag == "delete":
            out.append(rng + "d")
            continue
        out.append(rng + "c" if tag == "replace" else f"{i1}a")
        out += new[j1:j2]
        out.append(".")
    return out


def rcs_diff(old, new):
    """`diff -n`: RCS format, first to last: `dN M` removes M lines from line N, `aN M` adds the M lines that follow after
    line N (numbers of the old file)."""
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag in ("replace", "delete"):
            out.append(f"d{i1 + 1} {i2 - i1}")
        if tag in ("replace", "insert"):
            out.append(f"a{i2} {j2 - j1}")
            out += new[j1:j2]
    return out


def fdate(day):
    return f"2026-12-0{day} {clock(R.randint(0, 86399))}.{rs(9, DIGITS)} +0000"


def context_diff(it):
    """The example file (placeholders) against the real one, as `diff -c` / `-C 1` prints it (`*** a\\tdate`, `--- b\\tdate`,
    `***************`, `*** 1,4 ****` / `--- 1,4 ----` blocks with `! `, `- `, `+ ` and two-space lines; against
    `/dev/null` for a file new in the tree), as an ed script (`diff -e`) or an RCS diff (`diff -n`); in the terminal,
    read back from a saved `.diff`, or quoted in a reply."""
    if it["shape"] == "cmd":
        new_text, old_text = script_of(it), script_of(dict(it, text=older_text(it)))
        path = "scripts/run.sh"
    else:
        new_text, old_text = it["text"], older_text(it)
        path = rel_path(it)
    new, old = file_lines(new_text), file_lines(old_text)
    style = R.choices(["c", "e", "n"], [6, 2, 2])[0]
    old_path = path + pick(".example", ".orig", ".dist")
    if style == "c":
        if R.random() < 0.2:
            old, old_path = [], "/dev/null"
        n = pick(3, 3, 1)
        lines = list(difflib.context_diff(old, new, old_path, path, fdate(R.randint(1, 3)), fdate(R.randint(4, 7)), n=n, lineterm=""))
        flag = "-c" if n == 3 else "-C 1"
        if old_path == "/dev/null":
            flag = "-N " + flag
        typed = f"diff {flag} {old_path} {path}"
    elif style == "e":
        lines = ed_script(old, new)
        typed = f"diff -e {old_path} {path}"
    else:
        lines = rcs_diff(old, new)
        typed = f"diff -n {old_path} {path}"
    view = R.randrange(5)
    if view <= 2:
        return term(typed, lines)
    if view == 3:
        return "result", "read_file", "\n".join(lines) + "\n", plain_piecer
    body = "\n".join(lines)
    return (
        "reply",
        "",
        f"Here is what changed against the example file (`{typed}`):\n\n```diff\n{body}\n```\n\nThe rest of the file is unchanged.\n",
        plain_piecer,
    )


# -- logstash-rubydebug


def rb(s):
    """A string as Ruby's `inspect` writes it (awesome_print keeps it): `\\`, `"` and interpolation starts escaped."""
    s = s.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\x1b", "\\e")
    for seq in ("#{", "#$", "#@"):
        s = s.replace(seq, "\\" + seq)
    return '"' + s + '"'


class Lit(str):
    """A value printed as is (a timestamp, a number)."""


def ap_hash(pairs, level=0):
    """A hash as Logstash's rubydebug codec prints it: keys right-aligned to the longest, ` => `, nested hashes
    indented four spaces a level."""
    pad = " " * (4 * level)
    keys = [rb(k) for k, _ in pairs]
    w = max(len(k) for k in keys)
    out = ["{"]
    for i, ((_, v), key) in enumerate(zip(pairs, keys, strict=True)):
        comma = "," if i < len(pairs) - 1 else ""
        head = f"{pad}    {key.rjust(w)} => "
        if isinstance(v, list):
            sub = ap_hash(v, level + 1)
            out.append(head + sub[0])
            out += sub[1:-1]
            out.append(sub[-1] + comma)
        else:
            out.append(head + (v if isinstance(v, Lit) else rb(v)) + comma)
    out.append(pad + "}")
    return out


def logstash_rubydebug(it):
    """Logstash's `stdout { codec => rubydebug }` output (`docker logs`, `kubectl logs`, or its log file read back): the
    pipeline's start lines, then one event a line of the service's log (env values printed at start, a command traced,
    a file after `+ cat`): `message`, `@timestamp`, `@version`, `host`, `log.file.path` / `log.offset`, sometimes
    `event.original` (the line again)."""
    svc = pick("billing", "partner-sync", "worker")
    host = pick("web01", "app-2", "worker-7f9c")
    path = f"/var/log/{svc}/{svc}.log"
    lines = job_lines(it, [("HOSTNAME", host), ("LOG_FORMAT", "text")])
    t = R.randint(30000, 60000)
    ms = R.randint(0, 999)
    offset = R.randint(0, 90000)
    original = half()
    out = [
        f'[2026-12-07T{clock(t - 4)},{R.randint(100, 999)}][INFO ][logstash.javapipeline    ][main] Pipeline started {{"pipeline.id"=>"main"}}',
        f"[2026-12-07T{clock(t - 4)},{R.randint(100, 999)}][INFO ][logstash.agent           ] Pipelines running {{:count=>1, :running_pipelines=>[:main], :non_running_pipelines=>[]}}",
    ]
    for ln in lines:
        ms += R.randint(0, 40)
        ev = [
            ("message", ln),
            ("@timestamp", Lit(f"2026-12-07T{clock(t + ms // 1000)}.{ms % 1000:03d}Z")),
            ("@version", "1"),
            ("host", [("name", host)]),
            ("log", [("offset", Lit(str(offset))), ("file", [("path", path)])]),
        ]
        if original:
            ev.append(("event", [("original", ln)]))
        out += ap_hash(ev)
        offset += len(ln) + 1
    typed = pick(
        "docker logs --tail 400 logstash",
        "kubectl logs -n logging deploy/logstash --tail=400",
        "sudo journalctl -u logstash --no-pager -o cat -n 400",
    )
    if R.random() < 0.3:
        return "result", "read_file", "\n".join(out) + "\n", plain_piecer
    return term(typed, out)


# -- databricks-notebook


def py_str(s):
    return json.dumps(s, ensure_ascii=False)


def databricks_notebook(it):
    """A Databricks notebook in source format: `# Databricks notebook source` (`//` in Scala, `--` in SQL notebooks),
    cells between `# COMMAND ----------` lines, magic cells (`%md`, `%sh`) a `# MAGIC ` line each; env values as
    `os.environ[…] = …` or a `%sh` cell's `export`s, a command in a `%sh` cell or `subprocess.run(…)`, a file written
    by a `%sh` heredoc or `dbutils.fs.put(…)`; exported with `databricks workspace export`, read back from a repo,
    written with `write_file`; or a job run's `logs` from `databricks jobs get-run-output`."""
    pairs = env_pairs(it)
    if (pairs is not None or it["shape"] == "cmd") and R.random() < 0.25:
        run = R.randint(10**14, 10**15)
        doc = {
            "metadata": {
                "job_id": R.randint(10**14, 10**15),
                "run_id": run,
                "run_name": pick("partner-sync", "nightly-export"),
                "state": {"life_cycle_state": "TERMINATED", "result_state": "SUCCESS", "state_message": ""},
                "task": {"spark_python_task": {"python_file": "dbfs:/jobs/run.py"}},
            },
            "logs": "\n".join(job_lines(it)) + "\n",
            "logs_truncated": False,
        }
        return term(f"databricks jobs get-run-output {run}", json.dumps(doc, indent=2, ensure_ascii=False).split("\n"))
    lang = R.choices(["python", "scala", "sql"], [6, 2, 2])[0]
    c = {"python": "#", "scala": "//", "sql": "--"}[lang]
    ext = {"python": "py", "scala": "scala", "sql": "sql"}[lang]

    def magic(lines):
        return [f"{c} MAGIC {ln}" if ln else f"{c} MAGIC" for ln in lines]

    title = pick("Partner sync", "Nightly export", "Refresh cache")
    cells = [magic(["%md", f"## {title}", "", "Run on the ops cluster only."])]
    if pairs is not None:
        if lang == "python" and half():
            cells.append(["import os", "", *[f"os.environ[{py_str(k)}] = {py_str(v)}" for k, v in pairs]])
        else:
            cells.append(magic(["%sh", *[f"export {k}={shq(v)}" for k, v in pairs], "env | sort | grep -v ^SPARK"]))
    elif it["shape"] == "cmd":
        if lang == "python" and half():
            cells.append(["import subprocess", "", f"subprocess.run({py_str(it['text'])}, shell=True, check=True)"])
        else:
            cells.append(magic(["%sh", *it["text"].split("\n")]))
    else:
        target = f"/dbfs/FileStore/config/{base_of(it)}"
        text = it["text"]
        if lang == "python" and half() and '"""' not in text and "\\" not in text:
            cells.append([f'dbutils.fs.put("dbfs:/FileStore/config/{base_of(it)}", """{text}""", True)'])
        else:
            cells.append(magic(["%sh", f"mkdir -p /dbfs/FileStore/config && cat > {target} <<'EOF'", *file_lines(text), "EOF"]))
    cells.append(
        magic(["%sh", "ls -la /dbfs/FileStore/config | tail -n 3"])
        if half()
        else ['display(spark.sql("SELECT current_timestamp()"))' if lang != "sql" else "SELECT current_timestamp();"]
    )
    text = f"{c} Databricks notebook source\n" + f"\n\n{c} COMMAND ----------\n\n".join("\n".join(cell) for cell in cells) + "\n"
    nb = pick("partner_sync", "nightly_export", "refresh_cache")
    view = R.randrange(3)
    if view == 0:
        return term(f"databricks workspace export /Users/jane.doe@corp.example/ops/{nb} --format SOURCE", text.rstrip("\n").split("\n"))
    if view == 1:
        return "result", "read_file", text, plain_piecer
    return "args", "write_file", json.dumps({"path": f"notebooks/ops/{nb}.{ext}", "content": text}), plain_piecer


# -- codebuild-log


def yaml_list_item(line, indent):
    sp = " " * indent
    if "\n" in line or ": " in line or " #" in line or line[:1] in "-?:,[]{}#&*!|>'\"%@`" or line.endswith(":"):
        return [f"{sp}- |", *[f"{sp}  {ln}" for ln in line.split("\n")]]
    return [f"{sp}- {line}"]


def yaml_dq(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def codebuild_log(it):
    """AWS CodeBuild: a build's log (`[Container] 2026/12/07 10:11:12.123456 ` before CodeBuild's own lines, the
    commands' output bare): `Running command …`, phases, and for a failed command `Command did not exit successfully …`
    and the phase context message repeating it; read back from the S3 log copy, or a `codebuild_get_build_log` tool's
    JSON; or `buildspec.yml` (`env.variables`, `phases.build.commands`)."""
    pairs = env_pairs(it)
    if R.random() < 0.3:
        head = ["version: 0.2", "", "env:"]
        if pairs is not None:
            head += ["  variables:", *[f"    {k}: {yaml_dq(v)}" for k, v in pairs]]
        else:
            head += ["  variables:", '    NODE_ENV: "production"']
        head += [
            "  parameter-store:",
            "    DOCKERHUB_TOKEN: /ci/dockerhub/token",
            "",
            "phases:",
            "  install:",
            "    runtime-versions:",
            "      nodejs: 20",
            "  build:",
            "    commands:",
        ]
        if pairs is not None:
            cmds = ["./scripts/deploy.sh"]
        elif it["shape"] == "cmd":
            cmds = [it["text"]]
        else:
            cmds = [f"cat > {rel_path(it)} <<'EOF'\n{it['text']}EOF", "./scripts/deploy.sh"]
        body = []
        for c_ in cmds:
            body += yaml_list_item(c_, 6)
        return "result", "read_file", "\n".join(head + body) + "\n", plain_piecer
    t = R.randint(30000, 60000)
    us = R.randint(0, 999999)

    def ts():
        nonlocal t, us
        us += R.randint(200, 90000)
        t += us // 1000000
        us %= 1000000
        return f"[Container] 2026/12/07 {clock(t)}.{us:06d} "

    src = f"/codebuild/output/src{digits(9)}/src/github.com/corp/app"
    pre = [
        "Running on CodeBuild On-demand",
        "Waiting for agent ping",
        "Waiting for DOWNLOAD_SOURCE",
        "Phase is DOWNLOAD_SOURCE",
        f"CODEBUILD_SRC_DIR={src}",
        f"YAML location is {src}/buildspec.yml",
        "Setting HTTP client timeout to higher timeout for S3 source",
        "Processing environment variables",
        f"Moving to directory {src}",
        "Registering with agent",
        "Phases found in YAML: 2",
        " INSTALL: 1 commands",
        " BUILD: 1 commands",
        "Phase complete: DOWNLOAD_SOURCE State: SUCCEEDED",
        "Phase context status code:  Message: ",
        "Entering phase INSTALL",
        "Running command npm ci --no-audit",
    ]
    out = [ts() + ln for ln in pre]
    out += [f"added {R.randint(200, 900)} packages in {R.randint(3, 40)}s"]
    out += [ts() + "Phase complete: INSTALL State: SUCCEEDED", ts() + "Phase context status code:  Message: ", ts() + "Entering phase BUILD"]
    ok = True
    if pairs is not None:
        out.append(ts() + "Running command printenv | sort")
        out += job_lines(
            it, [("CODEBUILD_BUILD_ID", f"app-build:{uuid4()}"), ("CODEBUILD_RESOLVED_SOURCE_VERSION", sha1hex()), ("AWS_REGION", "eu-west-1")]
        )
    elif it["shape"] == "cmd":
        ok = half()
        for ln in it["text"].split("\n"):
            out.append(ts() + "Running command " + ln)
        out.append(cmd_output() if ok else cmd_failure())
        if not ok:
            out.append(ts() + f"Command did not exit successfully {it['text']} exit status 1")
    else:
        out.append(ts() + f"Running command cat {rel_path(it)}")
        out += file_lines(it["text"])
    if ok:
        out += [ts() + "Phase complete: BUILD State: SUCCEEDED", ts() + "Phase context status code:  Message: "]
    else:
        out += [
            ts() + "Phase complete: BUILD State: FAILED",
            ts() + f"Phase context status code: COMMAND_EXECUTION_ERROR Message: Error while executing command: {it['text']}. Reason: exit status 1",
        ]
    out += [ts() + "Entering phase POST_BUILD", ts() + "Phase complete: POST_BUILD State: SUCCEEDED", ts() + "Phase context status code:  Message: "]
    build = f"app-build:{uuid4()}"
    view = R.randrange(3)
    if view == 0:
        return term(f"aws s3 cp s3://corp-codebuild-logs/{build.split(':')[1]}.gz - | gunzip", out)
    if view == 1:
        doc = {"buildId": build, "logGroupName": "/aws/codebuild/app-build", "streamName": build.split(":")[1], "log": "\n".join(out) + "\n"}
        return "result", "codebuild_get_build_log", json.dumps(doc, ensure_ascii=False), plain_piecer
    return "result", "read_file", "\n".join(out) + "\n", plain_piecer


# -- mediawiki-page

LANG_OF = {
    "xml": "xml",
    "json": "json",
    "yaml": "yaml",
    "toml": "toml",
    "ini": "ini",
    "properties": "properties",
    "py": "python",
    "go": "go",
    "cs": "csharp",
    "r": "r",
    "ps1": "powershell",
    "sh": "bash",
    "apache": "apache",
    "nginx": "nginx",
    "hocon": "text",
    "ldif": "ldif",
    "jsonl": "json",
    "conf": "ini",
    "udl": "ini",
    "text": "text",
    "html": "html",
    "env": "bash",
    "cmd": "bash",
}


def wiki_page(it):
    pairs = env_pairs(it)
    title = pick("Partner sync", "Billing database", "Mail relay", "Nightly export")
    out = [
        "{{Runbook|owner=Platform|reviewed=2026-12-0" + str(R.randint(1, 6)) + "}}",
        f"== {title} ==",
        pick("How the service is set up on the ops hosts.", "Steps and settings, as used in production."),
        "",
    ]
    if pairs is not None:
        out += ["=== Configuration ===", "The unit reads these variables:", "", '{| class="wikitable"', "! Variable !! Value"]
        for k, v in pairs:
            out += ["|-", f"| <code>{k}</code> || <code>{v}</code>"]
        out += ["|}", ""]
    elif it["shape"] == "cmd":
        out += ["=== Run it ===", "From the ops host:", ""]
        if "\n" not in it["text"] and half():
            out += [" " + it["text"], ""]
        else:
            out += ['<syntaxhighlight lang="bash">', *it["text"].split("\n"), "</syntaxhighlight>", ""]
    else:
        out += [f"=== <code>{rel_path(it)}</code> ===", ""]
        if half():
            out += ["<pre>", *file_lines(it["text"]), "</pre>", ""]
        else:
            out += [f'<syntaxhighlight lang="{LANG_OF.get(it["fmt"], "text")}" line>', *file_lines(it["text"]), "</syntaxhighlight>", ""]
    out += ["[[Category:Runbooks]]"]
    return title, "\n".join(out) + "\n"


def mediawiki_page(it):
    """A MediaWiki runbook page holding the item: env values in a `{| class="wikitable"` table of `<code>` cells, a command
    in `<syntaxhighlight lang="bash">` or a line indented one space (preformatted), a file in `<pre>` or
    `<syntaxhighlight … line>`; its wikitext through `action=raw`, the parse API's JSON, or an edit call."""
    title, text = wiki_page(it)
    page = "Runbooks/" + title.replace(" ", "_")
    view = R.randrange(3)
    if view == 0:
        return term(f"curl -s 'https://wiki.corp.example/index.php?title={page}&action=raw'", text.rstrip("\n").split("\n"))
    if view == 1:
        doc = {"parse": {"title": "Runbooks/" + title, "pageid": R.randint(100, 9000), "wikitext": text}}
        body = json.dumps(doc, indent=2, ensure_ascii=False)
        return term(
            f"curl -s 'https://wiki.corp.example/api.php?action=parse&page={page}&prop=wikitext&formatversion=2&format=json' | jq .", body.split("\n")
        )
    args = {"title": "Runbooks/" + title, "text": text, "summary": pick("add settings", "document the sync job", "update runbook")}
    return "args", "mediawiki_edit_page", json.dumps(args, ensure_ascii=False), plain_piecer


# -- tshark-verbose


def json_tree(value, path, level):
    """tshark's JSON dissector tree of a value: `Object` / `Array`, `Member: key` with `[Path with value: …]`,
    `[Member with value: …]`, `String value: …`, `Key: …`, `[Path: …]`."""
    sp = "    " * level
    out = []
    if isinstance(value, dict):
        out.append(sp + "Object")
        for k, v in value.items():
            p = f"{path}/{k}"
            out.append(sp + f"    Member: {k}")
            inner = "    " * (level + 2)
            if isinstance(v, (dict, list)):
                out += json_tree(v, p, level + 2)
            else:
                tok = json.dumps(v, ensure_ascii=False)[1:-1] if isinstance(v, str) else json.dumps(v)
                out += [inner + f"[Path with value: {p}:{tok}]", inner + f"[Member with value: {k}:{tok}]"]
                out.append(inner + (f"String value: {tok}" if isinstance(v, str) else f"Number value: {tok}"))
            out += [inner + f"Key: {k}", inner + f"[Path: {p}]"]
    else:
        out.append(sp + "Array")
        for v in value:
            tok = json.dumps(v, ensure_ascii=False)[1:-1]
            out += [sp + f"    [Path with value: {path}/[]:{tok}]", sp + f"    String value: {tok}"]
    return out


def shell_words(text):
    """The command's argv when the shell would pass it unchanged (no operator, expansion or quote), else None."""
    if "\n" in text or any(c in text for c in "|&;<>()$`\\\"'*?[]{}~"):
        return None
    return text.split()


def tshark_verbose(it):
    """`tshark -r … -Y http.request -O http,json,data-text-lines` of the request carrying the item (other layers as
    one-line summaries): the request line and headers with `\\r\\n`, `[Full request URI: …]`, `File Data: n bytes`;
    env values as a JSON body's `env` object, a command as a job's `argv` array (or `["sh", "-c", …]`), each dissected
    into `Member:` / `String value:` / `Key:` lines; a file `PUT` as `Line-based text data` lines ending in `\\n`."""
    pairs = env_pairs(it)
    host = pick("ops-api.internal:8080", "config.internal:8443", "jobs.internal:8080")
    if pairs is not None:
        app = pick("billing", "partner-sync", "worker")
        body_obj = {"app": app, "env": dict(pairs)}
        method, uri, ctype = "POST", f"/v1/config/{app}", "application/json"
    elif it["shape"] == "cmd":
        argv = shell_words(it["text"]) or ["sh", "-c", it["text"]]
        body_obj = {"queue": "default", "argv": argv}
        method, uri, ctype = "POST", "/v1/jobs", "application/json"
    else:
        body_obj = None
        method, uri, ctype = "PUT", f"/v1/files/{rel_path(it).lstrip('/')}", "text/plain"
    body = json.dumps(body_obj, ensure_ascii=False) if body_obj is not None else it["text"]
    n = len(body.encode())
    ua = pick("python-requests/2.32.3", "curl/8.5.0", "Go-http-client/1.1")
    frame = R.randint(8, 400)
    src, dst = ip4(), ip4()
    sport, dport = R.randint(32768, 60999), int(host.split(":")[1])
    total = n + R.randint(150, 260)
    out = [
        f"Frame {frame}: {total + 66} bytes on wire ({(total + 66) * 8} bits), {total + 66} bytes captured ({(total + 66) * 8} bits) on interface eth0, id 0",
        f"Ethernet II, Src: 02:42:{rs(2, HEX)}:{rs(2, HEX)}:{rs(2, HEX)}:{rs(2, HEX)}, Dst: 02:42:{rs(2, HEX)}:{rs(2, HEX)}:{rs(2, HEX)}:{rs(2, HEX)}",
        f"Internet Protocol Version 4, Src: {src}, Dst: {dst}",
        f"Transmission Control Protocol, Src Port: {sport}, Dst Port: {dport}, Seq: 1, Ack: 1, Len: {total}",
        "Hypertext Transfer Protocol",
        f"    {method} {uri} HTTP/1.1\\r\\n",
        f"        [Expert Info (Chat/Sequence): {method} {uri} HTTP/1.1\\r\\n]",
        f"            [{method} {uri} HTTP/1.1\\r\\n]",
        "            [Severity level: Chat]",
        "            [Group: Sequence]",
        f"        Request Method: {method}",
        f"        Request URI: {uri}",
        "        Request Version: HTTP/1.1",
        f"    Host: {host}\\r\\n",
        f"    User-Agent: {ua}\\r\\n",
        "    Accept: */*\\r\\n",
        f"    Content-Type: {ctype}\\r\\n",
        f"    Content-Length: {n}\\r\\n",
        f"        [Content length: {n}]",
        "    \\r\\n",
        f"    [Full request URI: http://{host}{uri}]",
        "    [HTTP request 1/1]",
        f"    File Data: {n} bytes",
    ]
    if body_obj is not None:
        out.append(f"JavaScript Object Notation: {ctype}")
        out += json_tree(body_obj, "", 1)
    else:
        tl = file_lines(body)
        out.append(f"Line-based text data: text/plain ({len(tl)} lines)")
        out += [f"    {ln}\\n" for ln in tl]
    typed = f"tshark -r /tmp/{pick('ops', 'capture', 'debug')}.pcap -Y 'http.request' -O http,json,data-text-lines"
    return term(typed, out)


# -- db-statement-log


def sql_lit(s):
    return "'" + s.replace("'", "''") + "'"


def db_statement_log(it):
    """A database server's statement log holding the `INSERT` that stored the item: PostgreSQL with `log_statement =
    'all'` (`2026-12-07 10:11:12.345 UTC [4123] app@billing LOG:  statement: …`, a statement's later lines after a tab;
    or the extended protocol's `execute <unnamed>: … $1 …` with `DETAIL:  parameters: $1 = '…', …`), or MySQL's general
    query log (`…Z\\t   42 Query\\t…`): env values as a settings table's rows, a command in a scheduled job, a file as a
    text column."""
    pairs = env_pairs(it)
    app = pick("billing", "partner-sync", "worker")
    if pairs is not None:
        table, cols = "app_settings", ["app", "name", "value"]
        rows = [[app, k, v] for k, v in pairs]
        tail = " ON CONFLICT (app, name) DO UPDATE SET value = EXCLUDED.value"
    elif it["shape"] == "cmd":
        table, cols = "scheduled_jobs", ["queue", "command", "schedule"]
        rows = [["default", it["text"], pick("*/15 * * * *", "0 3 * * *")]]
        tail = " RETURNING id"
    else:
        table, cols = "config_files", ["path", "content"]
        rows = [[rel_path(it), it["text"]]]
        tail = " ON CONFLICT (path) DO UPDATE SET content = EXCLUDED.content"
    t = R.randint(30000, 60000)
    ms = R.randint(0, 999)

    def when(mysql=False):
        nonlocal ms
        ms += R.randint(1, 30)
        if mysql:
            return f"2026-12-07T{clock(t + ms // 1000)}.{ms % 1000:03d}{rs(3, DIGITS)}Z"
        return f"2026-12-07 {clock(t + ms // 1000)}.{ms % 1000:03d} UTC"

    if R.random() < 0.6:
        pid = R.randint(1000, 60000)
        who = f"{app.replace('-', '_')}@{pick('app', 'ops')}"

        def log(msg):
            lines = msg.split("\n")
            return [f"{when()} [{pid}] {who} {lines[0]}", *["\t" + ln for ln in lines[1:]]]

        out = [f"{when()} [{R.randint(100, 999)}] LOG:  checkpoint starting: time"]
        out += log("LOG:  statement: BEGIN")
        if half():
            vals = ",\n".join("    (" + ", ".join(sql_lit(v) for v in r) + ")" for r in rows)
            out += log(f"LOG:  statement: INSERT INTO {table} ({', '.join(cols)}) VALUES\n{vals}\n{tail.strip()};")
        else:
            ph = ", ".join(f"${i + 1}" for i in range(len(cols)))
            for r in rows:
                out += log(f"LOG:  execute <unnamed>: INSERT INTO {table} ({', '.join(cols)}) VALUES ({ph}){tail}")
                out += log("DETAIL:  parameters: " + ", ".join(f"${i + 1} = {sql_lit(v)}" for i, v in enumerate(r)))
        out += log("LOG:  statement: COMMIT")
        out.append(
            f"{when()} [{R.randint(100, 999)}] LOG:  checkpoint complete: wrote {R.randint(3, 90)} buffers ({R.randint(0, 9)}.{R.randint(0, 9)}%); 0 WAL file(s) added, 0 removed, 0 recycled"
        )
        where = pick("sudo tail -n 60 /var/log/postgresql/postgresql-16-main.log", "docker logs --tail 60 pg", "kubectl logs -n db pg-0 --tail=60")
    else:
        cid = R.randint(8, 400)
        out = [
            "/usr/sbin/mysqld, Version: 8.0.40 (MySQL Community Server - GPL). started with:",
            "Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock",
            "Time                 Id Command    Argument",
            f"{when(True)}\t{cid:>5} Connect\t{app.replace('-', '_')}@{ip4()} on {pick('app', 'ops')} using TCP/IP",
            f"{when(True)}\t{cid:>5} Query\tSET autocommit=0",
        ]
        vals = ",".join("(" + ",".join(sql_lit(v) for v in r) + ")" for r in rows)
        stmt = f"INSERT INTO {table} ({','.join(cols)}) VALUES {vals}"
        out.append(f"{when(True)}\t{cid:>5} Query\t{stmt}")
        out += [f"{when(True)}\t{cid:>5} Query\tCOMMIT", f"{when(True)}\t{cid:>5} Quit\t"]
        where = pick("sudo tail -n 40 /var/lib/mysql/db01.log", "docker exec mysql tail -n 40 /var/lib/mysql/general.log")
    if R.random() < 0.25:
        return "result", "read_file", "\n".join(out) + "\n", plain_piecer
    return term(where, out)


# -- pygments-html


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&#39;")


BASH_TOKENS = re.compile(
    r"(?P<c1>(?:(?<=\s)|^)#.*$)|(?P<w>\s+)|(?P<s1>'[^']*')|(?P<s2>\"(?:\\.|[^\"\\])*\")|(?P<nv>\$\{?\w+\}?|\b\w+(?==))"
    r"|(?P<o>&&|\|\||[<>=])|(?P<p>[|;()])|(?P<t>[^\s'\"$&|;()<>=]+|.)"
)
CODE_TOKENS = re.compile(
    r"(?P<c1>(?:#|//|--).*$)|(?P<w>\s+)|(?P<s1>'[^'\n]*')|(?P<s2>\"(?:\\.|[^\"\\\n])*\")|(?P<mi>\b\d+(?:\.\d+)?\b)"
    r"|(?P<n>[A-Za-z_][A-Za-z0-9_]*)|(?P<p>[{}\[\](),;.:])|(?P<o>[=+\-*/%<>!&|^~?@$]+)|(?P<t>.)"
)
BUILTINS = {"export", "echo", "cd", "set", "read", "source", "printf", "exec"}


def tokens_bash(line):
    toks, first = [], True
    for m in BASH_TOKENS.finditer(line):
        cls, text = m.lastgroup, m.group()
        if cls == "t":
            cls = "nb" if first and text in BUILTINS else None
        if cls not in ("w", None) or (cls is None and text.strip()):
            first = cls == "p" or (cls == "o" and text in ("&&", "||"))
        toks.append((cls, text))
    return toks


def tokens_code(line):
    out = []
    for m in CODE_TOKENS.finditer(line):
        cls = m.lastgroup
        out.append((None if cls == "t" else cls, m.group()))
    return out


def tokens_ini(line):
    s = line.strip()
    if not s:
        return [("w", line)] if line else []
    if s[0] in ";#":
        return [("c1", line)]
    if s.startswith("[") and s.endswith("]"):
        return [("k", line)]
    m = re.match(r"^(\s*)([^=:\s][^=:]*?)(\s*)([=:])(\s*)(.*)$", line)
    if not m:
        return tokens_code(line)
    ws1, key, ws2, sep, ws3, val = m.groups()
    out = [("w", ws1), ("na", key), ("w", ws2), ("o", sep), ("w", ws3)]
    if val.startswith(("{", "[")):
        out += tokens_code(val)
    else:
        out.append(("s", val))
    return [t for t in out if t[1]]


def tokens_yaml(line):
    m = re.match(r"^(\s*)(- )?([^\s:#'\"][^:#]*?)(:)(\s*)(.*)$", line)
    if line.strip().startswith("#"):
        return [("c1", line)]
    if not m:
        m2 = re.match(r"^(\s*)(- )(.*)$", line)
        if m2:
            return [t for t in [("w", m2.group(1)), ("p", "- "), ("l l-Scalar l-Scalar-Plain", m2.group(3))] if t[1]]
        return [(None, line)] if line else []
    ws, dash, key, colon, ws2, val = m.groups()
    out = [("w", ws), ("p", dash or ""), ("nt", key), ("p", colon), ("w", ws2)]
    if val and val[0] in "\"'":
        out.append(("s2" if val[0] == '"' else "s1", val))
    elif val:
        out.append(("l l-Scalar l-Scalar-Plain", val))
    return [t for t in out if t[1]]


def tokens_xml(line):
    out = []
    pos = 0
    for m in re.finditer(r"(<\?.*?\?>)|(</?[\w:.-]+)|([\w:.-]+=)(\"[^\"]*\")|(/?>)|(<!--.*?-->)|(\s+)", line):
        if m.start() > pos:
            out.append((None, line[pos : m.start()]))
        if m.group(1):
            out.append(("cp", m.group(1)))
        elif m.group(2):
            out.append(("nt", m.group(2)))
        elif m.group(3):
            out += [("na", m.group(3)), ("s", m.group(4))]
        elif m.group(5):
            out.append(("nt", m.group(5)))
        elif m.group(6):
            out.append(("c", m.group(6)))
        else:
            out.append(("w", m.group(7)))
        pos = m.end()
    if pos < len(line):
        out.append((None, line[pos:]))
    return out


def tokens_json(line):
    out = []
    for cls, text in tokens_code(line):
        if cls == "n" and text in ("true", "false", "null"):
            cls = "kc"
        out.append((cls, text))
    for i, (cls, text) in enumerate(out):
        if cls == "s2" and any(c == "p" and t == ":" for c, t in out[i + 1 : i + 3]):
            out[i] = ("nt", text)
    return out


def lexer_for(it):
    if it["fmt"] == "env" or it["shape"] == "cmd":
        return "bash", tokens_bash
    f = it["fmt"]
    if f in ("ini", "properties", "conf", "udl", "hocon", "toml"):
        return {"hocon": "ini", "toml": "toml", "udl": "ini", "conf": "ini"}.get(f, f), tokens_ini
    if f == "yaml":
        return "yaml", tokens_yaml
    if f in ("xml", "html"):
        return "xml", tokens_xml
    if f in ("json",):
        return "json", tokens_json
    if f in ("py", "go", "cs", "r", "ps1", "nginx", "apache"):
        return {"py": "python", "cs": "csharp", "ps1": "powershell"}.get(f, f), tokens_code
    if f == "sh":
        return "bash", tokens_bash
    return "text", lambda line: [(None, line)] if line else []


def merge(toks):
    out = []
    for cls, text in toks:
        if out and out[-1][0] == cls:
            out[-1] = (cls, out[-1][1] + text)
        else:
            out.append((cls, text))
    return out


def render_tokens(toks):
    return "".join(esc(t) if c is None else f'<span class="{c}">{esc(t)}</span>' for c, t in toks)


def highlight(it, prompt, linenos):
    """The item's lines tokenised as Pygments' lexers roughly do, rendered as its HtmlFormatter writes them; with each
    line's tokens, so that a credential's pieces are its runs inside one text node."""
    lang, lex = lexer_for(it)
    src = [it["text"]] if it["shape"] == "cmd" else (it["text"].split("\n")[:-1] if it["text"].endswith("\n") else it["text"].split("\n"))
    if it["shape"] == "cmd":
        src = it["text"].split("\n")
    rows, line_toks = [], []
    for i, ln in enumerate(src, 1):
        toks = merge(lex(ln))
        line_toks.append(toks)
        head = f'<span class="linenos">{i:>2}</span>' if linenos else ""
        gp = '<span class="gp">$ </span>' if prompt else ""
        rows.append(head + gp + render_tokens(toks))
    return lang, "<span></span>" + "\n".join(rows) + "\n", line_toks


def token_piecer(line_toks):
    def piecer(atom):
        assert not set(atom) & CHANGED, atom
        out = []
        for toks in line_toks:
            raw = "".join(t for _, t in toks)
            bounds, pos = [], 0
            for _, t in toks:
                bounds.append((pos, pos + len(t)))
                pos += len(t)
            start = 0
            while (i := raw.find(atom, start)) >= 0:
                a, b = i, i + len(atom)
                for s, e in bounds:
                    if s < b and e > a:
                        out.append(raw[max(a, s) : min(b, e)])
                start = i + 1
        return list(dict.fromkeys(p for p in out if p))

    return piecer


def pygments_html(it):
    """The item as a syntax highlighter renders it: Pygments' `<div class="highlight"><pre><span></span>…</pre></div>`
    with a `<span class="…">` per token (bash for env values and commands, with a `gp` prompt for a console session;
    ini, TOML, YAML, XML, JSON or a generic code lexer for files), HTML entities, sometimes inline line numbers; in a
    Sphinx page fetched with `web_fetch` or read back from the build, or a Zulip message's rendered `content`. A
    credential's pieces are its runs inside one text node (a lexer can split a value at `=`)."""
    view = R.randrange(3)
    prompt = it["shape"] == "cmd" and half()
    linenos = view != 1 and it["shape"] != "cmd" and R.random() < 0.3
    lang, code, line_toks = highlight(it, prompt, linenos)
    piecer = token_piecer(line_toks)
    title = pick("Partner sync", "Billing database", "Mail relay", "Nightly export")
    anchor = title.lower().replace(" ", "-")
    if it["shape"] == "cmd":
        intro = "Run it from the ops host:"
    elif it["fmt"] == "env":
        intro = 'Settings on the worker, <code class="docutils literal notranslate"><span class="pre">.env</span></code>:'
    else:
        intro = f'The file <code class="docutils literal notranslate"><span class="pre">{esc(rel_path(it))}</span></code>:'
    if view == 1:
        html = (
            f"<p>{intro.split(',')[0] if it['fmt'] == 'env' else intro}</p>\n"
            f'<div class="codehilite" data-code-language="{lang.capitalize()}"><pre>{code.replace("<span></span>", "<span></span><code>", 1)}</code></pre></div>'
        )
        doc = {
            "result": "success",
            "messages": [
                {
                    "id": R.randint(10**6, 10**7),
                    "sender_full_name": pick("Jane Doe", "Max Roe", "Lee Kim"),
                    "timestamp": R.randint(1_796_500_000, 1_796_600_000),
                    "stream_id": R.randint(2, 40),
                    "subject": title.lower(),
                    "content": html,
                    "content_type": "text/html",
                }
            ],
        }
        return "result", "zulip_get_messages", json.dumps(doc, ensure_ascii=False), piecer
    page = (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8" />\n'
        f"<title>{title} — Ops runbooks</title>\n"
        '<link rel="stylesheet" type="text/css" href="../_static/pygments.css" />\n</head>\n<body>\n'
        '<div class="document"><div class="body" role="main">\n'
        f'<section id="{anchor}">\n<h1>{title}<a class="headerlink" href="#{anchor}" title="Link to this heading">¶</a></h1>\n'
        f"<p>{intro}</p>\n"
        f'<div class="highlight-{lang} notranslate"><div class="highlight"><pre>{code}</pre></div>\n</div>\n'
        "</section>\n</div></div>\n</body>\n</html>\n"
    )
    if view == 0:
        return "result", "web_fetch", page, piecer
    return "result", "read_file", page, piecer


KINDS = {
    "hocon-jvm-config": hocon_jvm_config,
    "xml-attr-creds": xml_attr_creds,
    "dsn-odd-separators": dsn_odd_separators,
    "cloud-cli-password-flags": cloud_cli_password_flags,
    "daemon-conf-creds": daemon_conf_creds,
    "data-dump-records": data_dump_records,
    "toml-ini-variants": toml_ini_variants,
    "cli-options-more": cli_options_more,
}

CONTEXTS = {
    "context-diff": context_diff,
    "logstash-rubydebug": logstash_rubydebug,
    "databricks-notebook": databricks_notebook,
    "codebuild-log": codebuild_log,
    "mediawiki-page": mediawiki_page,
    "tshark-verbose": tshark_verbose,
    "db-statement-log": db_statement_log,
    "pygments-html": pygments_html,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r23", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
