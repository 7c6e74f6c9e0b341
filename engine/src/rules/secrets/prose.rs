//! Credentials in prose, in twelve languages: a credential word ("Passwort", "contraseña",
//! "mot de passe", "пароль", "密码", "パスワード", "비밀번호" …), then an optional separator or
//! copula ("is", "lautet", "est", "是", "は", "는" …), then a value that passes the password gate
//! (`validate::plausible`): a word of prose ("the password is required") never does.
//!
//! Latin and Cyrillic words must stand alone (no letter before or after); Chinese, Japanese and
//! Korean words need not, as those languages glue particles to them.

use super::context::{accept, skip_blanks, value_at};
use super::validate::Class;
use super::{Scan, SecretMatch};

pub struct Language {
    pub code: &'static str,
    /// Words that name a password (checked as one) and words that name a token or key.
    pub passwords: &'static [&'static str],
    pub tokens: &'static [&'static str],
    /// Each must yield a finding of the value between `⟦` and `⟧`.
    pub true_positives: &'static [&'static str],
    /// None may yield a finding.
    pub false_positives: &'static [&'static str],
}

pub const LANGUAGES: &[Language] = &[
    Language {
        code: "en",
        passwords: &["password", "passphrase", "passcode", "passwd", "pw"],
        tokens: &["api key", "api token", "access token", "secret key"],
        true_positives: &["Password: ⟦Hunter2024x⟧", "The password is ⟦Zq8!pw77⟧.", "login admin password ⟦tiger99x⟧", "Here's the API token: ⟦a8f0e1d2c3b4a5968778695a4b3c2d1e⟧", "user deploy, pw ⟦Zq8!pw77x⟧", "The password for etl is now ⟦Hunter2024x⟧.", "• *Password:* `⟦Tundra2027#⟧`", "**Password**: ⟦Hunter2024x⟧", "Rotated, *new password:* {{⟦q9V,x2?Lm7Rt⟧}} (etl)"],
        false_positives: &["The password is required.", "Forgot your password? Use the reset link.", "The API token must be at least 32 characters long.", "password policy: 12 characters minimum", "pw reset link sent to admin", "The password for etl is now expired.", "*Password:* {{stored in the vault}}", "password: {{SECRET_12}}", "**Password**: required"],
    },
    Language {
        code: "de",
        passwords: &["passwort", "kennwort"],
        tokens: &["schlüssel", "api-schlüssel", "zugangstoken"],
        true_positives: &["Das Passwort lautet ⟦Hunter2024x⟧.", "Passwort: ⟦Zq8!pw77⟧", "Dein neues Kennwort ist ⟦tiger99x⟧."],
        false_positives: &["Passwort vergessen? Klicken Sie auf den Link.", "Das Kennwort muss mindestens 12 Zeichen lang sein."],
    },
    Language {
        code: "fr",
        passwords: &["mot de passe", "mdp"],
        tokens: &["clé api", "jeton"],
        true_positives: &["Le mot de passe est ⟦Hunter2024x⟧.", "Mot de passe : ⟦Zq8!pw77⟧", "mdp: ⟦tiger99x⟧"],
        false_positives: &["Mot de passe oublié ? Utilisez le lien de réinitialisation.", "Le mot de passe doit contenir au moins 12 caractères."],
    },
    Language {
        code: "es",
        passwords: &["contraseña", "contrasena"],
        tokens: &["clave"],
        true_positives: &["La contraseña es ⟦Hunter2024x⟧.", "Contraseña: ⟦Zq8!pw77⟧", "Tu nueva clave es ⟦tiger99x⟧."],
        false_positives: &["¿Olvidaste tu contraseña? Usa el enlace de restablecimiento.", "La contraseña debe tener al menos 12 caracteres."],
    },
    Language {
        code: "it",
        passwords: &["parola d'ordine"],
        tokens: &["chiave"],
        true_positives: &["La password è ⟦Hunter2024x⟧.", "La parola d'ordine è ⟦Zq8!pw77⟧"],
        false_positives: &["Hai dimenticato la password? Usa il link di ripristino.", "La password deve avere almeno 12 caratteri."],
    },
    Language {
        code: "pt",
        passwords: &["senha"],
        tokens: &["chave"],
        true_positives: &["A senha é ⟦Hunter2024x⟧.", "Senha: ⟦Zq8!pw77⟧"],
        false_positives: &["Esqueceu a senha? Use o link de redefinição.", "A senha deve ter pelo menos 12 caracteres."],
    },
    Language {
        code: "nl",
        passwords: &["wachtwoord"],
        tokens: &["sleutel"],
        true_positives: &["Het wachtwoord is ⟦Hunter2024x⟧.", "Wachtwoord: ⟦Zq8!pw77⟧", "Het wachtwoord van ops is nu ⟦tiger99x#⟧"],
        false_positives: &["Wachtwoord vergeten? Gebruik de resetlink.", "Het wachtwoord moet minstens 12 tekens bevatten."],
    },
    Language {
        code: "pl",
        passwords: &["hasło", "hasła", "hasłem", "haslo", "Hasło"],
        tokens: &["klucz"],
        true_positives: &["Hasło to ⟦Hunter2024x⟧.", "Twoje nowe hasło: ⟦Zq8!pw77⟧", "Hasło dla admina to teraz ⟦tiger99x#⟧"],
        false_positives: &["Nie pamiętasz hasła? Użyj linku resetującego.", "Hasło musi mieć co najmniej 12 znaków."],
    },
    Language {
        code: "ru",
        passwords: &["пароль", "Пароль", "пароля", "паролем", "паролю", "ПАРОЛЬ", "пасс"],
        tokens: &["ключ", "токен", "Ключ", "Токен"],
        true_positives: &["Пароль: ⟦Hunter2024x⟧", "Ваш новый пароль — ⟦Zq8!pw77⟧.", "Логин root, пасс ⟦tiger99x#⟧"],
        false_positives: &["Забыли пароль? Воспользуйтесь ссылкой для сброса.", "Пароль должен содержать не менее 12 символов.", "Пассажир ждёт на вокзале."],
    },
    Language {
        code: "zh",
        passwords: &["密码", "密碼", "口令"],
        tokens: &["密钥", "密鑰", "令牌"],
        true_positives: &["密码是⟦Hunter2024x⟧", "数据库密码：⟦Zq8!pw77⟧", "密码为 ⟦tiger99x⟧。"],
        false_positives: &["忘记密码？请使用重置链接。", "密码必须至少包含12个字符。"],
    },
    Language {
        code: "ja",
        passwords: &["パスワード", "暗証番号", "パス"],
        tokens: &["トークン", "APIキー"],
        true_positives: &["パスワードは⟦Hunter2024x⟧です。", "パスワード：⟦Zq8!pw77⟧", "新しいパスワード: ⟦tiger99x⟧", "rootのパスは⟦Zq8pw77x⟧です"],
        false_positives: &["パスワードを忘れた場合はリセットリンクを使ってください。", "パスワードは12文字以上にしてください。", "ファイルのパスは /etc/app/app.conf です。"],
    },
    Language {
        code: "ko",
        passwords: &["비밀번호", "암호", "패스워드", "비번"],
        tokens: &["토큰"],
        true_positives: &["비밀번호는 ⟦Hunter2024x⟧입니다.", "비밀번호: ⟦Zq8!pw77⟧", "새 암호는 ⟦tiger99x⟧ 입니다.", "아이디 admin, 비번 ⟦Zq8!pw77x⟧"],
        false_positives: &["비밀번호를 잊으셨나요? 재설정 링크를 사용하세요.", "비밀번호는 12자 이상이어야 합니다."],
    },
];

/// The keywords: every credential word of every language.
pub const KEYWORDS: &[&str] = &[
    "password", "passphrase", "passcode", "passwd", "pw", "api key", "api token", "access token", "secret key", "passwort",
    "kennwort", "schlüssel", "api-schlüssel", "zugangstoken", "mot de passe", "mdp", "clé api", "jeton", "contraseña",
    "contrasena", "clave", "parola d'ordine", "chiave", "senha", "chave", "wachtwoord", "sleutel", "hasło", "hasła", "hasłem",
    "haslo", "Hasło", "klucz", "пароль", "Пароль", "пароля", "паролем", "паролю", "ПАРОЛЬ", "пасс", "ключ", "токен", "Ключ", "Токен",
    "密码", "密碼", "口令", "密钥", "密鑰", "令牌", "パスワード", "暗証番号", "パス", "トークン", "APIキー", "비밀번호", "암호", "패스워드",
    "비번", "토큰",
];

/// Separators and copulas between the word and its value, longest first within a script.
const CONNECTORS: &[&str] = &[
    "will be", "would be", "lautet", "brzmi", "будет", "sarà", "será", "sera", "wordt", "jest", "ist", "war", "est", "was",
    "это", "is", "es", "to", "è", "é", "e'", "->", ":", "=", "-", "—", "：", "是", "为", "為", "は", "が", "를", "을", "는",
    "은", "이", "가",
];

/// Whose credential it is, between the word and its copula (`password for`, `wachtwoord van`).
const OWNERS: &[&str] = &["for", "of", "van", "von", "für", "de", "di", "dla", "для", "от", "para", "pour", "da", "do"];

/// Adverbs of time after the copula (`is now`, `ist jetzt`, `to teraz`).
const ADVERBS: &[&str] = &["now", "nu", "jetzt", "nun", "teraz", "ahora", "agora", "maintenant", "ora", "теперь", "actually"];

/// The first bytes (either case) of every connector, owner and adverb: most places after a
/// keyword start with none of them, and are passed over without trying each word.
const FIRST_BYTES: [bool; 256] = {
    let mut t = [false; 256];
    let lists: [&[&str]; 3] = [CONNECTORS, OWNERS, ADVERBS];
    let mut l = 0;
    while l < lists.len() {
        let mut k = 0;
        while k < lists[l].len() {
            let c = lists[l][k].as_bytes()[0];
            t[c.to_ascii_lowercase() as usize] = true;
            t[c.to_ascii_uppercase() as usize] = true;
            k += 1;
        }
        l += 1;
    }
    t
};

/// The first of `words` standing at `i` (see [`word_at`]).
fn word_in<'w>(t: &str, i: usize, words: &[&'w str]) -> Option<&'w str> {
    let first = *t.as_bytes().get(i)?;
    if !FIRST_BYTES[usize::from(first)] {
        return None;
    }
    words.iter().copied().find(|w| word_at(t, i, w))
}

/// Whether `w` stands at `i`, case-insensitively, and ends the word there (`is`, not `isolated`).
fn word_at(t: &str, i: usize, w: &str) -> bool {
    let b = t.as_bytes();
    let Some(head) = b.get(i..i + w.len()) else { return false };
    head.eq_ignore_ascii_case(w.as_bytes()) && t.is_char_boundary(i + w.len()) && {
        let last = w.chars().next_back().unwrap_or(' ');
        !last.is_ascii_alphabetic() || !t[i + w.len()..].chars().next().is_some_and(char::is_alphanumeric)
    }
}

/// East Asian scripts glue particles to words: no word boundary is asked of them.
fn cjk(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30ff | 0x3400..=0x4dbf | 0x4e00..=0x9fff | 0xac00..=0xd7af | 0x1100..=0x11ff | 0xf900..=0xfaff)
}

fn class_of(word: &str) -> Class {
    let password = LANGUAGES.iter().any(|l| l.passwords.iter().any(|p| p.as_bytes().eq_ignore_ascii_case(word.as_bytes())));
    if password { Class::Password } else { Class::Token }
}

/// Past the emphasis marks (`*`, `**`, `_`, `__`) that close a label set in markup, when a blank,
/// a separator or the value's quote follows them (never into a value that starts with `*`).
fn past_emphasis(b: &[u8], i: usize) -> usize {
    let n = b[i..].iter().take(2).take_while(|&&c| c == b'*' || c == b'_').count();
    match b.get(i + n) {
        Some(b' ' | b'\t' | b':' | b'=' | b'`') if n > 0 => i + n,
        _ => i,
    }
}

/// How far a label may run on before its colon (`password for the staging db:`).
const LABEL_REACH: usize = 40;

/// The position after a colon that ends a short label starting at `i`: no sentence punctuation,
/// quote or line break before it, at most three words.
fn label_colon(t: &str, i: usize) -> Option<usize> {
    let rest = &t[i..];
    let end = rest.char_indices().take_while(|&(k, _)| k < LABEL_REACH).find(|&(_, c)| matches!(c, ':' | '：' | '.' | '?' | '!' | '\n' | '"' | '\'' | '=' | '。'))?;
    let (k, c) = end;
    let label = &rest[..k];
    let words_only = label.starts_with([' ', '\t']) && label.chars().all(|c| c.is_alphanumeric() || matches!(c, ' ' | '\t' | '-' | '_'));
    (matches!(c, ':' | '：') && words_only && label.split_whitespace().count() <= 3).then(|| i + k + c.len_utf8())
}

pub fn find(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let (t, b) = (scan.text, scan.bytes);
    for &(hs, he) in hits {
        if !t.is_char_boundary(hs) || !t.is_char_boundary(he) {
            continue;
        }
        let word = &t[hs..he];
        let east = word.chars().next().is_some_and(cjk);
        if !east {
            let before = t[..hs].chars().next_back();
            let after = t[he..].chars().next();
            // A word of prose, not part of a name, a path or a URL (`?token=` is the query rule's).
            let glued = |c: char| c.is_alphanumeric() || matches!(c, '_' | '-' | '$' | '?' | '&' | ';' | '#' | '/' | '.' | '=' | '%' | '@' | ':');
            if before.is_some_and(glued) || after.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-') {
                continue;
            }
        }
        let class = class_of(word);
        let kind = if class == Class::Password { "password" } else { "secret" };
        let connect = |mut i: usize| {
            let mut joined = false;
            for _ in 0..2 {
                let Some(c) = word_in(t, i, CONNECTORS) else { break };
                i = skip_blanks(b, i + c.len());
                joined = true;
            }
            // `… is now …`, `… to teraz …`: an adverb of time after the copula.
            if joined && let Some(a) = word_in(t, i, ADVERBS) {
                i = skip_blanks(b, i + a.len());
            }
            (i, joined)
        };
        // A label set in markup: `*Password:*`, `**Password**:`, `__pw__ =`.
        let (mut i, mut joined) = connect(skip_blanks(b, past_emphasis(b, he)));
        if joined {
            i = skip_blanks(b, past_emphasis(b, i));
        }
        // `Het wachtwoord van ops is …`, `Hasło dla ops to …`: whose password, then the copula.
        if !joined && let Some(o) = word_in(t, skip_blanks(b, he), OWNERS) {
            let owner = skip_blanks(b, skip_blanks(b, he) + o.len());
            let owner_end = owner + b[owner..].iter().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'@')).count();
            if owner_end > owner && owner_end - owner <= 64 && b.get(owner_end) == Some(&b' ') {
                let (j, via) = connect(skip_blanks(b, owner_end));
                if via {
                    (i, joined) = (j, true);
                }
            }
        }
        // `Password for admin: …`, `Пароль от базы: …`: a few words, then a colon, on the line.
        if !joined
            && let Some(colon) = label_colon(t, he) {
                i = skip_blanks(b, colon);
                joined = true;
            }
        // Without a connector the value follows after a blank (`password hunter2x`), or directly
        // in an East Asian text (`密码Hunter2024x`).
        if !joined && i == he && !east {
            continue;
        }
        // Jira's and Confluence's monospace, `{{value}}`: the value, one word, ends at its `}}`.
        if t[i..].starts_with("{{") {
            let vs = i + 2;
            // Its `}}` comes before any blank (a value with one is turned down below anyway):
            // read up to the first blank, not to the line's end (a minified text has none).
            let word = b[vs..].iter().take_while(|c| !c.is_ascii_whitespace()).count();
            let Some(close) = memchr::memmem::find(&b[vs..vs + word], b"}}") else { continue };
            if !scan.spend(vs + close - hs) {
                return;
            }
            let ve = vs + close;
            // A phrase in monospace (`{{see the vault}}`) is no value, nor a name in capitals:
            // a template's variable or this guard's own placeholder (`{{SECRET_1}}`).
            let value = &t[vs..ve];
            let name = value.bytes().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == b'_');
            if ve > vs && !name && !value.contains(char::is_whitespace) && accept(value, value, class, true) {
                out.push(SecretMatch::new(vs, ve, kind));
            }
            continue;
        }
        let (mut vi, mut quote) = (i, None);
        for q in ["\"", "'", "`", "«", "「", "『"] {
            if t[i..].starts_with(q) {
                vi = skip_blanks(b, i + q.len());
                quote = Some(if q.len() == 1 { q.as_bytes()[0] } else { 0 });
                break;
            }
        }
        let (vs, ve, raw_end) = value_at(t, vi, quote);
        if !scan.spend(raw_end - hs) {
            return;
        }
        if accept(&t[vs..ve], &t[vs..raw_end], class, quote.is_some()) {
            out.push(SecretMatch::new(vs, ve, kind));
        }
    }
}

/// A login handed over with no credential word: `sign in as <user> with <value>`, `Melde dich
/// als <user> mit <value> an`. The keyword is the verb and `as`; then one word (the account), a
/// `with` / `using` word, an optional article and credential word, and a value that passes the
/// password gate (`with your SSO account`, `with the read-only role` never do).
pub const LOGIN_KEYWORDS: &[&str] = &[
    "log in as ", "login as ", "logged in as ", "sign in as ", "signed in as ", "ssh in as ", "connect as ", "authenticate as ", "als ", "en tant que ",
    "como ",
];

/// Words that bring the value, and what may stand between them and it.
const LOGIN_WITH: &[&str] = &["with", "using", "mit", "avec", "con", "com"];
const LOGIN_FILLER: &[&str] = &["the password", "password", "the passphrase", "passphrase", "the pw", "pw", "pass", "dem passwort", "le mot de passe", "la contraseña"];

pub fn login(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let (t, b) = (scan.text, scan.bytes);
    let word_end = |i: usize| i + b[i..].iter().take_while(|c| !c.is_ascii_whitespace()).count();
    let starts = |i: usize, w: &str| b.len() >= i + w.len() && b[i..i + w.len()].eq_ignore_ascii_case(w.as_bytes()) && b.get(i + w.len()).is_some_and(|c| *c == b' ');
    for &(hs, he) in hits {
        // The keyword (its blank included) stands alone; the short ones (`als`, `como`) need a
        // verb of login before them.
        if (hs > 0 && b[hs - 1].is_ascii_alphanumeric()) || !t.is_char_boundary(hs) {
            continue;
        }
        if he - hs <= 5 {
            // The sentence before it, read back from every such word in it.
            let sentence = t[..hs].rsplit(['.', '\n', '!', '?']).next().unwrap_or("");
            if !scan.spend(sentence.len()) {
                return;
            }
            if !login_verb(sentence) {
                continue;
            }
        }
        let user = skip_blanks(b, he);
        let user_end = word_end(user);
        if !scan.spend(user_end - hs) {
            return;
        }
        if user_end == user || user_end - user > 64 {
            continue;
        }
        let mut i = skip_blanks(b, user_end);
        let Some(w) = LOGIN_WITH.iter().find(|w| starts(i, w)) else { continue };
        i = skip_blanks(b, i + w.len());
        if let Some(f) = LOGIN_FILLER.iter().find(|f| starts(i, f)) {
            i = skip_blanks(b, i + f.len());
        }
        let (vs, ve, raw_end) = value_at(t, i, None);
        if !scan.spend(raw_end - user_end) {
            return;
        }
        if ve > vs && accept(&t[vs..ve], &t[vs..raw_end], Class::Password, false) {
            out.push(SecretMatch::new(vs, ve, "password"));
        }
    }
}

/// Access handed over as `<user> / <value>` (or `<user>/<value>`) after a word that announces
/// it, in any of the twelve languages: "creds are deploy / …", "Zugangsdaten root / …",
/// "Доступ: ops / …", "登录用ops/…". The keyword is the announcing word; the pair must follow on
/// its line, within `HANDOVER_REACH`, and the value must pass the password gate, so
/// "credentials with read / write access" and "login / logout" never do.
pub const HANDOVER_KEYWORDS: &[&str] = &[
    "creds", "credentials", "login", "logins", "account", "zugangsdaten", "zugang", "anmeldedaten", "identifiants", "identifiant",
    "accès", "credenziali", "accesso", "entrare", "credenciales", "acceso", "acesso", "credenciais", "inloggegevens", "inloggen",
    "dane do logowania", "logowania", "доступ", "Доступ", "логин", "Логин", "учётка", "登录", "登錄", "账号", "帳號", "账户",
    "ログイン", "アカウント", "로그인", "계정", "아이디",
];

/// How far after the announcing word the `<user> / <value>` pair may start.
const HANDOVER_REACH: usize = 80;

pub fn handover(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let (t, b) = (scan.text, scan.bytes);
    let user_char = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'@' | b'-' | b'+');
    let mut done_until = 0;
    for &(hs, he) in hits {
        let ascii_word = b[hs].is_ascii();
        // A word of prose, not a part of a name (`login.corp.example`, `account_id`).
        let glued = |k: usize| b.get(k).is_some_and(|c| c.is_ascii_alphanumeric() || (matches!(c, b'.' | b'_' | b'-') && b.get(k + 1).is_some_and(u8::is_ascii_alphanumeric)));
        if he < done_until || (ascii_word && ((hs > 0 && b[hs - 1].is_ascii_alphanumeric()) || glued(he))) {
            continue;
        }
        let line_end = he + b[he..].iter().take(HANDOVER_REACH).take_while(|&&c| c != b'\n').count();
        done_until = line_end;
        if !scan.spend(line_end - he) {
            return;
        }
        let Some(slash) = b[he..line_end].iter().position(|&c| c == b'/').map(|k| he + k) else { continue };
        // The user: the run of name characters right before the slash (blanks allowed between).
        let user_end = b[he..slash].iter().rposition(|c| !matches!(c, b' ' | b'\t')).map_or(he, |k| he + k + 1);
        let user = b[he..user_end].iter().rposition(|&c| !user_char(c)).map_or(he, |k| he + k + 1);
        // Not a path or a URL (`https://`, `/etc/x`, `a/b/c`): the user stands after a blank,
        // a colon and a blank, or an East Asian character, and one slash ends it.
        let before_ok = user > he && (b[user - 1] == b' ' || b[user - 1] >= 0x80 || b[user - 1] == b':');
        if user_end - user == 0 || user_end - user > 64 || !before_ok || b.get(slash + 1) == Some(&b'/') {
            continue;
        }
        let vi = skip_blanks(b, slash + 1);
        let (vs, ve, raw_end) = value_at(t, vi, None);
        if ve > vs && !t[vs..ve].contains('/') && accept(&t[vs..ve], &t[vs..raw_end], Class::Password, false) {
            out.push(SecretMatch::new(vs, ve, "password"));
        }
    }
}

/// Whether the sentence before `als` / `como` / `en tant que` asks for a login.
fn login_verb(before: &str) -> bool {
    let lower = before.to_lowercase();
    ["melde dich", "anmelden", "einloggen", "connecte", "connectez", "entra", "inicia sesión", "accede", "entre", "logue"].iter().any(|v| lower.contains(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_the_languages_words() {
        let mut want: Vec<&str> = LANGUAGES.iter().flat_map(|l| l.passwords.iter().chain(l.tokens)).copied().collect();
        want.sort_unstable();
        want.dedup();
        let mut got = KEYWORDS.to_vec();
        got.sort_unstable();
        got.dedup();
        assert_eq!(got, want);
    }

    /// Every language's examples through the whole secrets scan.
    #[test]
    fn every_language_carries_and_passes_its_examples() {
        let mut failures = Vec::new();
        for l in LANGUAGES {
            for tp in l.true_positives {
                let (s, rest) = tp.split_once('⟦').expect("marked");
                let (v, tail) = rest.split_once('⟧').expect("closed");
                let text = format!("{s}{v}{tail}");
                let found: Vec<&str> = super::super::find(&text).iter().map(|m| &text[m.start..m.end]).collect();
                if !found.contains(&v) {
                    failures.push(format!("{}: missed {v:?} in {text:?} (found {found:?})", l.code));
                }
            }
            for fp in l.false_positives {
                let found = super::super::find(fp);
                if !found.is_empty() {
                    failures.push(format!("{}: false positive on {fp:?}", l.code));
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
