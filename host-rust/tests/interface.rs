//! Interface drift: the built component must export exactly the `engine` interface of `wit/`.
//! Both sides are rendered structurally (function names and signatures, with every type
//! expanded), so a change on either side -- a renamed field, a new enum case, an extra
//! parameter -- fails this test, while docs and declaration order do not matter.

mod common;

use std::collections::BTreeMap;

use wit_parser::decoding::{DecodedWasm, decode};
use wit_parser::{Handle, InterfaceId, Resolve, Type, TypeDefKind, TypeId, WorldItem};

/// `function name -> signature` and `type name -> definition` of the engine interface.
type Shape = (BTreeMap<String, String>, BTreeMap<String, String>);

fn engine_interface(resolve: &Resolve) -> InterfaceId {
    let found: Vec<InterfaceId> = resolve
        .interfaces
        .iter()
        .filter(|(_, i)| i.name.as_deref() == Some("engine") && i.package.is_some_and(|p| resolve.packages[p].name.to_string() == "egress-guard:guard@0.1.0"))
        .map(|(id, _)| id)
        .collect();
    assert_eq!(found.len(), 1, "exactly one egress-guard:guard/engine@0.1.0 interface");
    found[0]
}

fn render(resolve: &Resolve, ty: &Type) -> String {
    match ty {
        Type::Id(id) => render_def(resolve, *id),
        other => format!("{other:?}").to_lowercase(),
    }
}

fn render_def(resolve: &Resolve, id: TypeId) -> String {
    let def = &resolve.types[id];
    let name = def.name.as_deref().unwrap_or("");
    let opt = |t: &Option<Type>| t.as_ref().map_or("_".to_string(), |t| render(resolve, t));
    match &def.kind {
        TypeDefKind::Record(r) => {
            let fields: Vec<String> = r.fields.iter().map(|f| format!("{}: {}", f.name, render(resolve, &f.ty))).collect();
            format!("record {name} {{{}}}", fields.join(", "))
        }
        TypeDefKind::Enum(e) => {
            let cases: Vec<&str> = e.cases.iter().map(|c| c.name.as_str()).collect();
            format!("enum {name} {{{}}}", cases.join(", "))
        }
        TypeDefKind::Variant(v) => {
            let cases: Vec<String> = v.cases.iter().map(|c| format!("{}({})", c.name, opt(&c.ty))).collect();
            format!("variant {name} {{{}}}", cases.join(", "))
        }
        TypeDefKind::Flags(f) => {
            let flags: Vec<&str> = f.flags.iter().map(|f| f.name.as_str()).collect();
            format!("flags {name} {{{}}}", flags.join(", "))
        }
        TypeDefKind::Tuple(t) => {
            let items: Vec<String> = t.types.iter().map(|t| render(resolve, t)).collect();
            format!("tuple<{}>", items.join(", "))
        }
        TypeDefKind::Option(t) => format!("option<{}>", render(resolve, t)),
        TypeDefKind::List(t) => format!("list<{}>", render(resolve, t)),
        TypeDefKind::Result(r) => format!("result<{}, {}>", opt(&r.ok), opt(&r.err)),
        TypeDefKind::Handle(Handle::Own(r)) => format!("own<{}>", render_def(resolve, *r)),
        TypeDefKind::Handle(Handle::Borrow(r)) => format!("borrow<{}>", render_def(resolve, *r)),
        TypeDefKind::Resource => format!("resource {name}"),
        // `use types.{action}` makes an alias; follow it to the definition.
        TypeDefKind::Type(t) => render(resolve, t),
        other => panic!("the drift test cannot render {other:?} yet; extend render_def"),
    }
}

fn shape(resolve: &Resolve, iface: InterfaceId) -> Shape {
    let i = &resolve.interfaces[iface];
    let funcs = i
        .functions
        .iter()
        .map(|(name, f)| {
            let params: Vec<String> = f.params.iter().map(|p| format!("{}: {}", p.name, render(resolve, &p.ty))).collect();
            let result = f.result.as_ref().map_or("()".to_string(), |t| render(resolve, t));
            (name.clone(), format!("({}) -> {result}", params.join(", ")))
        })
        .collect();
    let types = i.types.iter().map(|(name, id)| (name.clone(), render_def(resolve, *id))).collect();
    (funcs, types)
}

fn wit_shape(source: Option<&str>) -> Shape {
    let mut resolve = Resolve::default();
    match source {
        None => {
            resolve.push_dir(common::repo().join("wit")).expect("wit/ parses");
        }
        Some(text) => {
            resolve.push_str("guard.wit", text).expect("edited WIT parses");
        }
    }
    let iface = engine_interface(&resolve);
    shape(&resolve, iface)
}

fn component_shape() -> Shape {
    let bytes = std::fs::read(common::wasm_path()).unwrap();
    let DecodedWasm::Component(resolve, world) = decode(&bytes).expect("the .wasm decodes") else {
        panic!("dist/egress_guard.wasm is not a component");
    };
    // The component exports the engine interface and nothing else.
    let exports: Vec<InterfaceId> = resolve.worlds[world]
        .exports
        .values()
        .map(|item| match item {
            WorldItem::Interface { id, .. } => *id,
            other => panic!("unexpected export {other:?}"),
        })
        .collect();
    let iface = engine_interface(&resolve);
    assert_eq!(exports, vec![iface], "the component exports only egress-guard:guard/engine@0.1.0");
    shape(&resolve, iface)
}

#[test]
fn component_exports_the_wit_engine_interface() {
    let (wit_funcs, wit_types) = wit_shape(None);
    let (comp_funcs, comp_types) = component_shape();
    assert!(wit_funcs.contains_key("[method]guard.inspect-json"), "the rendering sees the functions");
    assert_eq!(comp_funcs, wit_funcs, "component functions differ from wit/ (rebuild with scripts/build-wasm.sh?)");
    assert_eq!(comp_types, wit_types, "component types differ from wit/");
}

#[test]
fn an_edited_wit_is_detected() {
    let text = std::fs::read_to_string(common::repo().join("wit/guard.wit")).unwrap();
    let original = wit_shape(Some(&text));
    assert_eq!(original, wit_shape(None), "push_str and push_dir read the same package");
    let edits = [
        ("inspect-reply: func(text: string)", "inspect-reply: func(text: string, limit: u32)"),
        ("enum action { allow, warn, redact, approve, block }", "enum action { allow, warn, redact, approve, block, quarantine }"),
        ("preview: string,", "preview: string,\n        offset: u32,"),
    ];
    for (from, to) in edits {
        assert!(text.contains(from), "edit anchor {from:?} is in wit/guard.wit");
        assert_ne!(wit_shape(Some(&text.replacen(from, to, 1))), original, "edit {to:?} not detected");
    }
}
