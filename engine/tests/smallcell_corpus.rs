//! The SDC corpus (`tests/corpora/sdc/`): every table with a `structure.json`, through the
//! whole guard (reply scope) at t = 5 and t = 10. The published pattern is mapped back onto the
//! corpus's own cells and relations and audited with an attacker LP built from `structure.json`
//! (not from the engine's parse): no exact disclosure, no interval narrower than t, and the
//! parse must find exactly the corpus's count cells. Prints one line per table
//! (`cargo test --test smallcell_corpus -- --nocapture`); the scipy audit in `bench/sdc/` is the
//! independent second check.

use std::path::PathBuf;
use std::time::Instant;

use egress_guard_engine::Guard;
use egress_guard_engine::rules::steps::Steps;
use egress_guard_engine::rules::tables::{self, structure::Layout};
use microlp::{ComparisonOp, OptimizationDirection, Problem, SolveOutcome};
use serde_json::Value;

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpora/sdc")
}

struct Structure {
    values: Vec<u64>,
    relations: Vec<(Vec<usize>, usize)>,
}

fn structure(name: &str) -> Structure {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(corpus().join(format!("{name}.structure.json"))).unwrap()).unwrap();
    let values = v["cells"].as_array().unwrap().iter().map(|c| c["value"].as_u64().unwrap()).collect();
    let relations = v["relations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["parts"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect(), r["total"].as_u64().unwrap() as usize))
        .collect();
    Structure { values, relations }
}

/// Attacker interval width for `p` with the given hidden cells (zeros that are hidden stay
/// free only if they are primaries; the corpus has none at min_value 1).
fn width(s: &Structure, hidden: &[bool], p: usize) -> f64 {
    let upper = *s.values.iter().max().unwrap() as f64;
    let mut out = [0.0; 2];
    for (k, dir) in [OptimizationDirection::Minimize, OptimizationDirection::Maximize].into_iter().enumerate() {
        let mut lp = Problem::new(dir);
        let vars: Vec<_> = (0..s.values.len())
            .map(|i| {
                let (lo, hi) = if !hidden[i] {
                    (s.values[i] as f64, s.values[i] as f64)
                } else if s.values[i] == 0 {
                    (0.0, 0.0)
                } else {
                    (0.0, upper)
                };
                lp.add_var(if i == p { 1.0 } else { 0.0 }, (lo, hi))
            })
            .collect();
        for (parts, total) in &s.relations {
            let mut e: Vec<_> = parts.iter().map(|&i| (vars[i], 1.0)).collect();
            e.push((vars[*total], -1.0));
            lp.add_constraint(e, ComparisonOp::Eq, 0.0);
        }
        let SolveOutcome::Solution(sol) = lp.solve().unwrap() else { panic!("interrupted") };
        out[k] = sol.var_value(vars[p]);
    }
    out[1] - out[0]
}

const TABLES: &[(&str, &str)] = &[
    ("t01_tenure_by_region_3x3", "t01_tenure_by_region_3x3"),
    ("t02_two_column_rows", "t02_two_column_rows"),
    ("t03_two_primaries_same_row", "t03_two_primaries_same_row"),
    ("t04_zeros_class_disclosure", "t04_zeros_class_disclosure"),
    ("t04b_zero_neighbours", "t04b_zero_neighbours"),
    ("t05_single_row", "t05_single_row"),
    ("t06_single_column", "t06_single_column"),
    ("t07_no_margins", "t07_no_margins"),
    ("t09_region_sex_age_multiheader", "t09_region_sex_age"),
    ("t10_hierarchical_rows", "t10_hierarchical_rows"),
    ("t11a_linked_region_by_sex", "t11a_linked_region_by_sex"),
    ("t11b_linked_region_by_age", "t11b_linked_region_by_age"),
    ("t11c_linked_region_totals", "t11c_linked_region_totals"),
    ("t12_admissions_diag_by_age_10x8", "t12_admissions_diag_by_age_10x8"),
    ("t13_la_by_ethnicity_20x12", "t13_la_by_ethnicity_20x12"),
    ("t14_occupation_by_region_30x15", "t14_occupation_by_region_30x15"),
    ("t19_course_by_provider_25x40", "t19_course_by_provider_25x40"),
    ("t16_district_by_age_50x50_dense", "t16_district_by_age_50x50_dense"),
    ("t15_district_by_age_50x50_sparse", "t15_district_by_age_50x50_sparse"),
    ("t18a_hours_bands_v1", "t18a_hours_bands_v1"),
    ("t18b_hours_bands_v2", "t18b_hours_bands_v2"),
    ("t20_all_small", "t20_all_small"),
    ("t21_singletons", "t21_singletons"),
];

fn run(md: &str, st: &str, t: u64, ext: &str) -> (usize, usize, usize, usize) {
    let text = std::fs::read_to_string(corpus().join(format!("{md}.{ext}"))).unwrap();
    let s = structure(st);
    let guard = Guard::new(&format!("rules:\n  smallcell:\n    threshold: {t}\n"), "test", None);
    let started = Instant::now();
    let verdict = guard.inspect_reply(&text);
    let ms = started.elapsed().as_secs_f64() * 1e3;
    let primaries: Vec<usize> = (0..s.values.len()).filter(|&i| (1..t).contains(&s.values[i])).collect();
    let Some(v) = verdict else {
        assert!(primaries.is_empty(), "{md} t={t}: primaries left alone");
        return (0, 0, 0, 0);
    };
    let out = v.output.expect("rewritten");
    if out.contains("[table withheld:") {
        // Nothing of the table is published, so nothing can be recovered from it.
        assert!(tables::find(&out).is_empty(), "{md}: withheld table still shown");
        println!("{md:<36} t={t:<2} cells={:<4} primaries={:<3} withheld ms={ms:.1}", s.values.len(), primaries.len());
        return (primaries.len(), s.values.len(), 0, 0);
    }
    let hidden: Vec<bool> = {
        // Map the published table back onto the corpus cells, row-major incl. margins.
        let before = Layout::analyze(&tables::find(&text)[0], &Steps::call()).unwrap();
        let found: Vec<u64> = before.cells.iter().map(|c| c.value).collect();
        assert_eq!(found, s.values, "{md}: parsed count cells differ from structure.json");
        let after = tables::find(&out);
        before.cells.iter().map(|c| after[0].rows[c.row].fields[c.col].text == "[suppressed]").collect()
    };
    let widths: Vec<f64> = primaries.iter().map(|&p| if hidden[p] { width(&s, &hidden, p) } else { 0.0 }).collect();
    let exact = widths.iter().filter(|&&w| w < 1e-6).count();
    let under = widths.iter().filter(|&&w| w < t as f64 - 1e-6).count();
    let n_hidden = hidden.iter().filter(|&&h| h).count();
    let min_w = widths.iter().copied().fold(f64::INFINITY, f64::min);
    println!(
        "{md:<36} t={t:<2} cells={:<4} primaries={:<3} hidden={:<4} exact={exact} under={under} min_width/t={:.2} ms={ms:.1}",
        s.values.len(),
        primaries.len(),
        n_hidden,
        min_w / t as f64
    );
    (primaries.len(), n_hidden, exact, under)
}

#[test]
fn corpus_tables_are_protected() {
    let mut bad = Vec::new();
    for ext in ["md", "csv"] {
        for t in [5, 10] {
            for (md, st) in TABLES {
                if std::env::var("SC_ONLY").is_ok_and(|o| !md.contains(&o)) {
                    continue;
                }
                let (_, _, exact, under) = run(md, st, t, ext);
                if exact + under > 0 {
                    bad.push(format!("{md}.{ext} t={t}: {exact} exact, {under} under-protected"));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}
