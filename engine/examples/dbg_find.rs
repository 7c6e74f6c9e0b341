fn main() {
    let t = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    for tb in egress_guard_engine::rules::tables::find(&t) {
        println!("{:?} rows={}", tb.format, tb.rows.len());
        for r in &tb.rows { println!("  {:?}", r.fields.iter().map(|f| f.text.to_string()).collect::<Vec<_>>()); }
        if let Some(l) = egress_guard_engine::rules::tables::structure::Layout::analyze(&tb) { println!("kinds {:?} rels {} broken {} complete {}", l.kinds, l.relations.len(), l.broken.len(), l.complete); }
    }
}
