//! The compiled-component cache, which loads an artifact only once it is verified.
//!
//! Deserializing a compiled artifact runs its native code in this process, so the cache must not
//! trust a file just because it is there under the right name. Each artifact is stored with a
//! keyed digest beside it (`<artifact>.mac`: HMAC-SHA256 over the component's SHA-256, wasmtime's
//! compatibility hash and the artifact bytes), under a 32-byte key in `<cache>/key`, created
//! with mode 0600 and used only while it is owned by this user and unreadable by anyone else. An
//! artifact whose digest does not verify (tampered, truncated, compiled from another component,
//! written by someone without the key) is not loaded: it is recompiled, rewritten, and a warning
//! is printed. The Python host uses the same key file and the same digest.
//!
//! Verifying reads and hashes the whole artifact (12 MB), too slow for a process started per
//! tool call. So once a component and its artifact are verified, a record is kept, itself under
//! the key: the `.wasm` file's and the artifact's identity (device, inode, size, modification
//! and status-change times in nanoseconds) and the component's SHA-256. A later start whose two
//! files still have that identity loads the artifact without reading or hashing either file
//! (mapped, not copied). Any write to a file changes its status-change time, which no
//! unprivileged process can set back, so a rewritten file is verified again.
//!
//! What this does not stop: anyone who can read the key (the user, root) can forge artifacts
//! and records, and anyone with the user's rights can replace the executable or the `.wasm`
//! itself. It stops corrupt or stale artifacts, artifacts planted by another user or program
//! that can write the cache folder but not read the key, and a mix-up between components.

use std::fs::{File, Metadata};
use std::io::{Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use hmac::{Hmac, Mac};
use sha2::Sha256;
use wasmtime::component::Component;
use wasmtime::{Engine, Result, format_err};

type HmacSha256 = Hmac<Sha256>;

/// What every digest starts with, so one made for something else never verifies here.
const DOMAIN: &[u8] = b"egress-guard compiled-component v1\n";

/// A cache folder with its key.
pub(crate) struct Cache {
    dir: PathBuf,
    key: [u8; 32],
}

/// How loading an artifact from the cache went.
pub(crate) enum Lookup {
    Hit(Component),
    Missing,
    /// There was an artifact and it failed its check: why.
    Rejected(String),
}

impl Cache {
    /// Open `dir` (created 0700 if missing) and its key (created if missing). `Err` says why the
    /// cache cannot be trusted (the key is someone else's, or readable by others).
    pub(crate) fn open(dir: &Path) -> Result<Cache> {
        let key_path = dir.join("key");
        let file = match File::open(&key_path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => create_key(dir, &key_path)?,
            Err(e) => return Err(format_err!("cannot read {}: {e}", key_path.display())),
        };
        check_private(&file.metadata()?, &key_path)?;
        let mut key = [0u8; 32];
        (&file).read_exact(&mut key).map_err(|e| format_err!("{}: {e}", key_path.display()))?;
        Ok(Cache { dir: dir.to_path_buf(), key })
    }

    pub(crate) fn artifact_path(&self, sha256: &str, engine_key: &str) -> PathBuf {
        self.dir.join(format!("{sha256}-{engine_key}.cwasm"))
    }

    fn mac(&self) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(DOMAIN);
        mac
    }

    fn artifact_mac(&self, sha256: &str, engine_key: &str, artifact: &[u8]) -> HmacSha256 {
        let mut mac = self.mac();
        mac.update(format!("artifact {sha256} {engine_key}\n").as_bytes());
        mac.update(artifact);
        mac
    }

    /// Load the artifact of the component `sha256` if its digest verifies; on a hit, record the
    /// `.wasm` (`wasm`: its path and identity before it was read) for the next start.
    pub(crate) fn load(&self, engine: &Engine, sha256: &str, engine_key: &str, wasm: Option<(&Path, &Metadata)>) -> Lookup {
        let path = self.artifact_path(sha256, engine_key);
        let Ok(mut file) = File::open(&path) else {
            return Lookup::Missing;
        };
        let mut artifact = Vec::new();
        let before = match file.metadata().and_then(|m| file.read_to_end(&mut artifact).map(|_| m)) {
            Ok(meta) => meta,
            Err(e) => return Lookup::Rejected(format!("unreadable: {e}")),
        };
        let tag = match std::fs::read_to_string(mac_path(&path)) {
            Ok(t) => t,
            Err(_) => return Lookup::Rejected("no digest beside it".into()),
        };
        let verified = unhex(tag.trim()).is_some_and(|t| self.artifact_mac(sha256, engine_key, &artifact).verify_slice(&t).is_ok());
        if !verified {
            return Lookup::Rejected("its digest does not verify".into());
        }
        // SAFETY: deserializing runs native code from these bytes; they are the ones whose keyed
        // digest was just verified (see the module doc), and wasmtime checks the format, version
        // and settings as well.
        match unsafe { Component::deserialize(engine, &artifact) } {
            Ok(component) => {
                if let Some((wasm_path, wasm_meta)) = wasm {
                    self.record(wasm_path, wasm_meta, sha256, engine_key, &before);
                }
                Lookup::Hit(component)
            }
            Err(e) => Lookup::Rejected(format!("wasmtime refused it: {e}")),
        }
    }

    /// Write the artifact and its digest (each to a temporary file renamed into place, so a
    /// reader never sees a partial file), and record the `.wasm` if given.
    pub(crate) fn store(&self, component: &Component, sha256: &str, engine_key: &str, wasm: Option<(&Path, &Metadata)>) -> Result<PathBuf> {
        let path = self.artifact_path(sha256, engine_key);
        let artifact = component.serialize()?;
        let tag = hex(&self.artifact_mac(sha256, engine_key, &artifact).finalize().into_bytes());
        // The digest first: an artifact never sits without its own digest (a stale digest beside
        // an old artifact only fails to verify).
        write_atomically(&self.dir, &mac_path(&path), tag.as_bytes())?;
        write_atomically(&self.dir, &path, &artifact)?;
        if let (Some((wasm_path, wasm_meta)), Ok(meta)) = (wasm, std::fs::metadata(&path)) {
            self.record(wasm_path, wasm_meta, sha256, engine_key, &meta);
        }
        Ok(path)
    }

    fn record_path(&self, wasm: &Path, engine_key: &str) -> PathBuf {
        use sha2::Digest;
        let name = hex(&Sha256::digest(wasm.as_os_str().as_encoded_bytes()))[..32].to_string();
        self.dir.join(format!("loaded-{name}-{engine_key}.rec"))
    }

    fn record_mac(&self, body: &str) -> HmacSha256 {
        let mut mac = self.mac();
        mac.update(b"record\n");
        mac.update(body.as_bytes());
        mac
    }

    /// Best effort: a record that cannot be written only costs the next start a full check.
    fn record(&self, wasm: &Path, wasm_meta: &Metadata, sha256: &str, engine_key: &str, artifact_meta: &Metadata) {
        let Ok(now) = std::fs::metadata(wasm) else { return };
        // The `.wasm` changed while it was being read: its hash is not the file's.
        if identity(&now) != identity(wasm_meta) {
            return;
        }
        let body = format!("wasm {}\nsha256 {sha256}\nartifact {}\n", identity(wasm_meta), identity(artifact_meta));
        let text = format!("{body}mac {}\n", hex(&self.record_mac(&body).finalize().into_bytes()));
        let _ = write_atomically(&self.dir, &self.record_path(wasm, engine_key), text.as_bytes());
    }

    /// The fast path: if the record for `wasm` verifies and both files are as recorded, the
    /// component's SHA-256 and its artifact, mapped from the file checked against the record.
    pub(crate) fn recorded(&self, engine: &Engine, wasm: &Path, engine_key: &str) -> Option<(String, Component, PathBuf)> {
        let text = std::fs::read_to_string(self.record_path(wasm, engine_key)).ok()?;
        let (body, tag) = text.rsplit_once("mac ")?;
        self.record_mac(body).verify_slice(&unhex(tag.trim())?).ok()?;
        let mut lines = body.lines();
        let wasm_id = lines.next()?.strip_prefix("wasm ")?;
        let sha256 = lines.next()?.strip_prefix("sha256 ")?;
        let artifact_id = lines.next()?.strip_prefix("artifact ")?;
        if identity(&std::fs::metadata(wasm).ok()?) != wasm_id {
            return None;
        }
        let path = self.artifact_path(sha256, engine_key);
        let file = File::open(&path).ok()?;
        if identity(&file.metadata().ok()?) != artifact_id {
            return None;
        }
        // Map the very file just checked, not whatever the name points to a moment later.
        let fd_path = PathBuf::from(format!("/proc/self/fd/{}", file.as_raw_fd()));
        let open = if fd_path.exists() { fd_path } else { path.clone() };
        // SAFETY: the artifact is the file whose identity the keyed record vouches for: it has
        // not been written since its digest was verified (see the module doc).
        let component = unsafe { Component::deserialize_file(engine, &open) }.ok()?;
        drop(file);
        Some((sha256.to_string(), component, path))
    }
}

fn mac_path(artifact: &Path) -> PathBuf {
    artifact.with_extension("cwasm.mac")
}

/// A new random key, created so no other process can read it (and none can have created it
/// first: a racing process's key wins and is read back).
fn create_key(dir: &Path, key_path: &Path) -> Result<File> {
    let mut key = [0u8; 32];
    getrandom::fill(&mut key).map_err(|e| format_err!("no randomness for the cache key: {e}"))?;
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
    match std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(key_path) {
        Ok(mut f) => {
            f.write_all(&key)?;
            f.sync_all()?;
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(format_err!("cannot create {}: {e}", key_path.display())),
    }
    Ok(File::open(key_path)?)
}

fn check_private(meta: &Metadata, path: &Path) -> Result<()> {
    // SAFETY: geteuid has no preconditions and cannot fail.
    let uid = unsafe { libc_geteuid() };
    if meta.uid() != uid || meta.mode() & 0o077 != 0 {
        return Err(format_err!("{} is not private to this user (mode {:o}, owner {})", path.display(), meta.mode() & 0o777, meta.uid()));
    }
    Ok(())
}

unsafe extern "C" {
    #[link_name = "geteuid"]
    fn libc_geteuid() -> u32;
}

/// A file's identity: what changes whenever its content can have changed.
fn identity(m: &Metadata) -> String {
    format!("{} {} {} {}.{:09} {}.{:09}", m.dev(), m.ino(), m.size(), m.mtime(), m.mtime_nsec(), m.ctime(), m.ctime_nsec())
}

fn write_atomically(dir: &Path, path: &Path, bytes: &[u8]) -> Result<()> {
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    s.len().is_multiple_of(2).then_some(())?;
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok()).collect()
}
