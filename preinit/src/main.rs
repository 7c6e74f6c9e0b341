//! `egress-guard-preinit IN.wasm OUT.wasm`: the component with its start-up work already done.
//!
//! Every process that loads the component used to build the same things first: the keyword
//! automatons, the compiled detectors, the presets (most of a `check ls`'s CPU). The guest
//! exports `wizer-initialize`, which does that work; Wasmtime's pre-initialiser (the
//! `wasmtime-wizer` library) runs it once here, snapshots the memory and globals it leaves, and
//! writes a component whose data segments already hold them, without that export (the
//! published component exports exactly the contract's world). The output is
//! a pure function of the input (the initialiser reads no clock, randomness or environment: its
//! imports trap), so the published `.wasm` and its SHA-256 stay reproducible.
//!
//! The library's own driver needs Wasmtime's async and GC features, which would change the
//! runtime every host links; this drives the same three steps (instrument, initialise,
//! snapshot) with the workspace's Wasmtime.

use std::process::ExitCode;

use wasm_encoder::reencode::{Reencode, ReencodeComponent, RoundtripReencoder, component_utils};
use wasmtime::component::{Component, Instance, Lift, Linker, WasmList};
use wasmtime::{Engine, Result, Store, error::Context as _, format_err};
use wasmtime_wizer::{ComponentInstanceState, Wizer};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: egress-guard-preinit IN.wasm OUT.wasm");
        return ExitCode::from(2);
    };
    match preinitialise(input, output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("egress-guard-preinit: {e:?}");
            ExitCode::FAILURE
        }
    }
}

fn preinitialise(input: &str, output: &str) -> Result<()> {
    let wasm = std::fs::read(input).with_context(|| format!("reading {input}"))?;
    let mut wizer = Wizer::new();
    // The library would remove the export itself, but it also removes the core module's export
    // of the same name (wit-bindgen names both alike), which the component still lifts: an
    // invalid component. So it keeps both, and `strip_export` removes the component's export.
    wizer.keep_init_func(true);
    let (cx, instrumented) = wizer.instrument_component(&wasm)?;
    let engine = Engine::default();
    let component = Component::new(&engine, &instrumented).context("compiling the instrumented component")?;
    let mut linker = Linker::<()>::new(&engine);
    linker.define_unknown_imports_as_traps(&component)?;
    let mut store = Store::new(&engine, ());
    let instance = linker.instantiate(&mut store, &component)?;
    let init = instance.get_typed_func::<(), ()>(&mut store, wizer.get_init_func())?;
    init.call(&mut store, ()).context("the initialiser trapped (it may not call any import)")?;
    let snapshot = pollster::block_on(wizer.snapshot_component(&cx, &mut Snapshot { store: &mut store, instance }))?;
    let published = strip_export(&snapshot, wizer.get_init_func())?;
    std::fs::write(output, published).with_context(|| format!("writing {output}"))?;
    Ok(())
}

/// The component without its top-level export `name`: re-encoded with every later component
/// function index moved down by one (an export is itself a function index), as the library
/// does when the names do not collide.
fn strip_export(component: &[u8], name: &str) -> Result<Vec<u8>> {
    let mut strip = Strip { name, funcs: 0, removed: None };
    let mut out = wasm_encoder::Component::new();
    strip.parse_component(&mut out, wasmparser::Parser::new(0), component).map_err(|e| format_err!("re-encoding the component: {e:?}"))?;
    if strip.removed.is_none() {
        wasmtime::bail!("the component has no export `{name}`");
    }
    Ok(out.finish())
}

/// The re-encoder behind [`strip_export`]: counts the component functions defined so far.
struct Strip<'a> {
    name: &'a str,
    funcs: u32,
    removed: Option<u32>,
}

type ReencodeResult = std::result::Result<(), wasm_encoder::reencode::Error>;

impl Reencode for Strip<'_> {
    type Error = std::convert::Infallible;
}

impl ReencodeComponent for Strip<'_> {
    /// The top level's debug names (`component-name`) would name the removed export; they go
    /// (names only: nothing runs differently without them).
    fn parse_component_custom_section(&mut self, component: &mut wasm_encoder::Component, section: wasmparser::CustomSectionReader<'_>) -> ReencodeResult {
        if section.name() == "component-name" {
            return Ok(());
        }
        component_utils::parse_component_custom_section(self, component, section)
    }

    /// A nested component has index spaces of its own: copied unchanged.
    fn parse_component_subcomponent(
        &mut self,
        component: &mut wasm_encoder::Component,
        parser: wasmparser::Parser,
        data: &[u8],
        whole: &[u8],
    ) -> ReencodeResult {
        component_utils::parse_component_subcomponent(&mut RoundtripReencoder, component, parser, data, whole)
    }

    fn component_func_index(&mut self, index: u32) -> u32 {
        match self.removed {
            Some(removed) if index > removed => index - 1,
            Some(removed) if index == removed => unreachable!("nothing refers to the removed export"),
            _ => index,
        }
    }

    fn parse_component_import_section(
        &mut self,
        imports: &mut wasm_encoder::ComponentImportSection,
        section: wasmparser::ComponentImportSectionReader<'_>,
    ) -> ReencodeResult {
        self.funcs += section.clone().into_iter().filter(|i| i.as_ref().is_ok_and(|i| matches!(i.ty, wasmparser::ComponentTypeRef::Func(_)))).count() as u32;
        component_utils::parse_component_import_section(self, imports, section)
    }

    fn parse_component_alias_section(
        &mut self,
        aliases: &mut wasm_encoder::ComponentAliasSection,
        section: wasmparser::ComponentAliasSectionReader<'_>,
    ) -> ReencodeResult {
        let func =
            |a: &wasmparser::ComponentAlias<'_>| matches!(a, wasmparser::ComponentAlias::InstanceExport { kind: wasmparser::ComponentExternalKind::Func, .. });
        self.funcs += section.clone().into_iter().filter(|a| a.as_ref().is_ok_and(func)).count() as u32;
        component_utils::parse_component_alias_section(self, aliases, section)
    }

    fn parse_component_canonical_section(
        &mut self,
        canonical: &mut wasm_encoder::CanonicalFunctionSection,
        section: wasmparser::ComponentCanonicalSectionReader<'_>,
    ) -> ReencodeResult {
        self.funcs += section.clone().into_iter().filter(|c| matches!(c, Ok(wasmparser::CanonicalFunction::Lift { .. }))).count() as u32;
        component_utils::parse_component_canonical_section(self, canonical, section)
    }

    fn parse_component_export_section(
        &mut self,
        exports: &mut wasm_encoder::ComponentExportSection,
        section: wasmparser::ComponentExportSectionReader<'_>,
    ) -> ReencodeResult {
        for export in section {
            let export = export?;
            if export.name.name == self.name && self.removed.is_none() {
                self.removed = Some(self.funcs);
                continue;
            }
            let defines_func = export.kind == wasmparser::ComponentExternalKind::Func;
            component_utils::parse_component_export(self, exports, export)?;
            self.funcs += u32::from(defines_func);
        }
        Ok(())
    }
}

/// What the snapshot reads: the instrumented component's accessor functions, called synchronously.
struct Snapshot<'a> {
    store: &'a mut Store<()>,
    instance: Instance,
}

impl Snapshot<'_> {
    fn call<R: Lift + Send + Sync + 'static, T>(&mut self, instance: &str, func: &str, then: impl FnOnce(&Store<()>, R) -> T) -> T {
        let exported = self.instance.get_export_index(&mut *self.store, None, instance).expect("the instrumented component exports its accessors");
        let index = self.instance.get_export_index(&mut *self.store, Some(&exported), func).expect("the accessor exists");
        let func = self.instance.get_typed_func::<(), (R,)>(&mut *self.store, index).expect("the accessor has its type");
        let (value,) = func.call(&mut *self.store, ()).expect("an accessor does not trap");
        then(self.store, value)
    }
}

impl ComponentInstanceState for Snapshot<'_> {
    async fn call_func_ret_list_u8(&mut self, instance: &str, func: &str, contents: impl FnOnce(&[u8]) + Send) {
        self.call(instance, func, |store, list: WasmList<u8>| contents(list.as_le_slice(store)))
    }
    async fn call_func_ret_s32(&mut self, instance: &str, func: &str) -> i32 {
        self.call(instance, func, |_, v| v)
    }
    async fn call_func_ret_s64(&mut self, instance: &str, func: &str) -> i64 {
        self.call(instance, func, |_, v| v)
    }
    async fn call_func_ret_f32(&mut self, instance: &str, func: &str) -> u32 {
        self.call(instance, func, |_, v: f32| v.to_bits())
    }
    async fn call_func_ret_f64(&mut self, instance: &str, func: &str) -> u64 {
        self.call(instance, func, |_, v: f64| v.to_bits())
    }
}
