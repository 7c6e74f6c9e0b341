//! EG-CELL-001 end to end through the guard: the seed's demo, detection in the formats agents
//! use, percentages, rounding, warn mode, and what findings may say.

use std::path::PathBuf;

use egress_guard_engine::{Action, Guard};

fn demo(name: &str) -> String {
    std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../bench/sdc/demo").join(name)).unwrap()
}

fn guard(extra: &str) -> Guard {
    let g = Guard::new(&format!("rules:\n  smallcell:\n    scopes: [args, result, reply]\n{extra}"), "test", None);
    assert_eq!(g.load_error(), None);
    g
}

fn reply(g: &Guard, text: &str) -> String {
    g.inspect_reply(text).and_then(|v| v.output).unwrap_or_else(|| text.to_string())
}

fn row<'a>(out: &'a str, label: &str) -> &'a str {
    out.lines().find(|l| l.trim_start_matches("| ").starts_with(label)).unwrap()
}

#[test]
fn peace_valley_demo_hides_the_three_and_its_protection_and_keeps_totals() {
    let table = demo("crosstab.md");
    assert!(table.contains("| Peace Valley | 7 | 0 | 3 | 10 |"));
    let v = guard("").inspect_reply(&format!("Here is the cross-tab:\n\n{table}\nLet me know.")).unwrap();
    let out = v.output.unwrap();
    assert_eq!(row(&out, "Peace Valley"), "| Peace Valley | [suppressed] | 0 | [suppressed] | 10 |");
    assert_eq!(row(&out, "Total |"), "| Total | 395 | 242 | 163 | 800 |");
    // Two more cells in another town complete the rectangle; every row total stays visible.
    assert_eq!(out.matches("[suppressed]").count(), 4);
    for line in out.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| Town")) {
        assert!(!line.trim_end_matches(" |").rsplit(" | ").next().unwrap().contains("suppressed"), "{line}");
    }
    assert!(out.starts_with("Here is the cross-tab:\n\n| Town | Checkup |"));
    assert!(out.contains("|---|---:|---:|---:|---:|"), "alignment row kept");
    assert!(out.ends_with("[egress-guard] Values withheld: small counts suppressed."), "{out}");
    assert_eq!(v.action, Action::Redact);
    assert_eq!(v.findings[0].code, "EG-CELL-001");
    assert_eq!(v.findings[0].preview, "<5");
    assert!(!v.findings[0].reason.contains(" 3 ") && !v.findings[0].reason.contains('7'), "{}", v.findings[0].reason);
}

#[test]
fn prefixes_survive_and_quoted_fields_parse() {
    let g = guard("");
    let cat = "     1\tTown,A,B,Total\n     2\tNorth,\"1,232\",3,\"1,235\"\n     3\tSouth,40,50,90\n     4\tTotal,\"1,272\",53,\"1,325\"\n";
    let out = g.inspect_result("terminal", cat).unwrap().output.unwrap();
    assert_eq!(out.lines().nth(1).unwrap(), "     2\tNorth,\"[suppressed]\",[suppressed],\"1,235\"");
    assert!(out.lines().all(|l| l.starts_with("     ")), "{out}");
    let rf = "     1|Town;A;B;Total\n     2|North;100;3;103\n     3|South;40;50;90\n     4|Total;140;53;193";
    let out = g.inspect_result("read_file", rf).unwrap().output.unwrap();
    assert_eq!(out.lines().nth(1).unwrap(), "     2|North;[suppressed];[suppressed];103");
    let hits = "data/t.tsv|7|Town\tA\tB\ndata/t.tsv|8|North\t100\t3\ndata/t.tsv|9|South\t40\t50";
    let out = g.inspect_result("search_files", hits).unwrap().output.unwrap();
    assert_eq!(out.lines().nth(1).unwrap(), "data/t.tsv|8|North\t100\t[suppressed]");
}

#[test]
fn things_that_are_not_count_tables_are_left_alone() {
    let g = guard("");
    for text in [
        "Steps:\n1. install, 2 minutes\n2. configure, 3 minutes\n3. run, 1 minute",
        "Versions: 1.2.3 (2024-01-05), 1.2.4 (2024-02-01)\nDone, 3 fixes.",
        "```\n1 2 3\n4 5 6\n```",
        "| id | name |\n|---|---|\n| 1 | Ann |\n| 2 | Bob |",
        "| Release | Date |\n|---|---|\n| 1.2.3 | 2024-01-05 |\n| 1.2.4 | 2024-02-01 |",
        // A schema's flags, a listing of settings, the folds and seeds of experiments.
        "| column | type | nullable | is_unique | pk |\n|---|---|---|---|---|\n| id | bigint | 0 | 1 | 1 |\n| email | text | 1 | 1 | 0 |\n| plan | text | 0 | 0 | 0 |",
        "Parameter        Value\nworkers          4\nreplicas         2\nbatch_size       512\nretries          3",
        "| Option | Current |\n|---|---|\n| keepalive | 1 |\n| backlog | 128 |\n| threads | 8 |",
        "| model | seed | epoch | loss |\n|---|---|---|---|\n| cnn | 1 | 3 | 0.41 |\n| cnn | 2 | 3 | 0.39 |\n| mlp | 1 | 3 | 0.52 |",
        // Requests by status code, method or route; a service's metrics.
        "```\nstatus count\n------ -----\n200    1843\n503    4\n```",
        "| method | route | hits |\n|---|---|---|\n| GET | /api/users | 912 |\n| POST | /api/login | 3 |",
        "http_requests_total{code=\"200\",method=\"get\"} 1027\nhttp_requests_total{code=\"500\",method=\"get\"} 3\n",
        "kube_pod_status_phase{namespace=\"web\",pod=\"web-1\",phase=\"Running\"} 1\nkube_pod_status_phase{namespace=\"web\",pod=\"web-1\",phase=\"Failed\"} 0\n",
    ] {
        assert!(g.inspect_reply(text).is_none(), "{text}");
    }
    // A `Value` column is a count column where nothing names it a setting.
    let counts = "| Clinic | Value |\n|---|---|\n| North | 3 |\n| South | 48 |\n| East | 61 |\n| Total | 112 |";
    assert!(reply(&g, counts).contains("[suppressed]"));
    // A status of people is a label like any other; a metric of patients is a table.
    let people = "| status | n |\n|---|---|\n| Employed | 3 |\n| Unemployed | 48 |\n| Retired | 61 |";
    assert!(reply(&g, people).contains("[suppressed]"));
    let metric = "clinic_patients{region=\"East\"} 70\nclinic_patients{region=\"South\"} 3\nclinic_patients{region=\"West\"} 41\n";
    assert!(reply(&g, metric).contains("[suppressed]"), "{}", reply(&g, metric));
}

#[test]
fn percentages_next_to_hidden_counts_go_too() {
    let t = "| Age | Patients | % of patients | Readmitted | Readmission rate (%) |\n|---|---:|---:|---:|---:|\n\
| 18-64 | 512 | 60.2 | 41 | 8.0 |\n| 65-89 | 335 | 39.4 | 30 | 9.0 |\n| 90+ | 3 | 0.4 | 1 | 33.3 |\n| Total | 850 | 100.0 | 72 | 8.5 |";
    let out = reply(&guard(""), t);
    let r90 = row(&out, "90+");
    assert_eq!(r90, "| 90+ | [suppressed] | [suppressed] | [suppressed] | [suppressed] |");
    // The partner row hides its counts and the percentages that would give them back.
    let hidden_rows: Vec<&str> = out.lines().filter(|l| l.contains("[suppressed]")).collect();
    assert_eq!(hidden_rows.len(), 2, "{out}");
    assert!(!hidden_rows[0].contains(" | 60.2 |") && !hidden_rows[0].contains(" | 39.4 |"), "{out}");
    assert_eq!(row(&out, "Total"), "| Total | 850 | 100.0 | 72 | 8.5 |");
}

#[test]
fn n_percent_cells_are_hidden_whole() {
    let t = "| Characteristic | Cases, n (%) | Controls, n (%) |\n|---|---:|---:|\n| Male | 118 (52.7%) | 231 (48.6%) |\n\
| Female | 104 (46.4%) | 240 (50.5%) |\n| Other | 2 (0.9%) | 4 (0.8%) |\n| Total | 224 (100%) | 475 (100%) |";
    let out = reply(&guard(""), t);
    assert_eq!(row(&out, "Other"), "| Other | [suppressed] | [suppressed] |");
    assert!(!out.contains("0.9%") && !out.contains("0.8%"));
    // Each column total is visible, so each hidden n needs a partner in its column.
    assert_eq!(out.matches("[suppressed]").count(), 4, "{out}");
}

#[test]
fn counts_over_their_row_base_hide_a_partner_in_the_row() {
    // Every cell tells its row's base: a hidden 3 of 52 needs a second hidden cell in its row, or
    // 52 - 49 gives it back. The same table printed aligned (a command listing's `1/1` is not).
    let md = "| region | Owner | Renter |\n|---|---|---|\n| Riverside | 118/220 | 102/220 |\n| South | 91/149 | 58/149 |\n| Old Town | 3/52 | 49/52 |";
    let aligned = "```\nregion     Owner    Renter\nRiverside  118/220  102/220\nSouth      91/149   58/149\nOld Town   3/52     49/52\n```";
    for t in [md, aligned] {
        let out = reply(&guard(""), t);
        let old_town = out.lines().find(|l| l.contains("Old Town")).unwrap();
        assert_eq!(old_town.matches("[suppressed]").count(), 2, "{out}");
        assert!(!out.contains("3/52") && !out.contains("49/52"), "{out}");
        assert!(out.contains("118/220") && out.contains("58/149"), "{out}");
    }
    let listing = "```\nNAME        READY   STATUS    RESTARTS\nweb-1       1/1     Running   3\nworker-2    2/2     Running   1\n```";
    assert_eq!(reply(&guard(""), listing), listing);
}

#[test]
fn rounding_is_seeded_by_the_table_and_hides_percentages() {
    let g = guard("    method: round\n");
    let t = "| Town | A | B | % | Total |\n|---|---|---|---|---|\n| North | 3 | 41 | 10.0 | 44 |\n| South | 17 | 22 | 90.0 | 39 |\n| Total | 20 | 63 | 100.0 | 83 |";
    let a = reply(&g, t);
    assert_eq!(a, reply(&g, t), "same table, same draw");
    assert!(!a.contains("10.0") && !a.contains("90.0"));
    for line in a.lines().skip(2) {
        for cell in line.split('|').map(str::trim).filter(|c| c.chars().all(|ch| ch.is_ascii_digit()) && !c.is_empty()) {
            assert_eq!(cell.parse::<u64>().unwrap() % 5, 0, "{a}");
        }
    }
    assert!(g.inspect_reply(t).unwrap().output.unwrap().ends_with("Values withheld: counts rounded to base 5."));
}

#[test]
fn warn_mode_reports_without_rewriting() {
    let g = Guard::new("rules:\n  smallcell:\n    mode: warn\n", "test", None);
    let v = g.inspect_reply(&demo("crosstab.md")).unwrap();
    assert_eq!(v.action, Action::Warn);
    assert_eq!(v.output, None);
    assert_eq!(v.findings[0].preview, "<5");
}

#[test]
fn zeros_are_primaries_when_min_value_is_zero() {
    let t = "| R | A | B | Total |\n|---|---|---|---|\n| x | 0 | 40 | 40 |\n| y | 30 | 50 | 80 |\n| z | 20 | 60 | 80 |\n| Total | 50 | 150 | 200 |";
    assert!(guard("").inspect_reply(t).is_none());
    let out = reply(&guard("    min_value: 0\n"), t);
    assert!(row(&out, "x |").starts_with("| x | [suppressed] | [suppressed] |"), "{out}");
}

#[test]
fn a_table_with_no_safe_pattern_is_withheld() {
    let t = "Outcomes:\n| Site | Event | None | Total |\n|---|---|---|---|\n| 1 | 1 | 3 | 4 |\n| 2 | 2 | 2 | 4 |\n| Total | 3 | 5 | 8 |\nEnd.";
    let out = reply(&guard("    threshold: 10\n"), t);
    assert!(out.starts_with("Outcomes:\n[table withheld: 9 cells below threshold]\nEnd."), "{out}");
}

#[test]
fn percentages_and_rates_with_a_base_are_counts() {
    // "% COPD" of N: 3.8% of 80 is 3 patients; the total row (8.2% of 280 = 23) gives it back
    // unless a partner goes too.
    let t = "| Region | N | % COPD |\n|---|---:|---:|\n| Peace Valley | 80 | 3.8% |\n| North | 200 | 10.0% |\n| Total | 280 | 8.2% |";
    let out = reply(&guard(""), t);
    assert!(!out.contains("3.8%") && !out.contains("10.0%"), "{out}");
    assert!(out.contains("| 80 |") && out.contains("| 280 |"), "{out}");
    // A rate per 1,000 beside its population, in European notation.
    let t = "Region;Population;Deaths per 1,000\nPeace Valley;800;3,8\nNorth;20000;10,0\n";
    let out = reply(&guard(""), t);
    assert!(out.contains("Peace Valley;800;[suppressed]"), "{out}");
    // A share of the column total goes with its count, not a base.
    let t = "Region;n;%\nPeace Valley;3;3,8 %\nNorth;77;96,2 %\nTotal;80;100,0 %\n";
    let out = reply(&guard(""), t);
    assert!(out.contains("Peace Valley;[suppressed];[suppressed]"), "{out}");
    assert!(!out.contains("3,8 %"), "{out}");
}

#[test]
fn json_records_in_a_tool_result_keep_their_shape() {
    let g = guard("");
    let result = r#"{"rows": [{"region": "North", "n": 3}, {"region": "South", "n": 40}, {"region": "Total", "n": 43}], "ok": true}"#;
    let v = g.inspect_result("sql", result).unwrap();
    let out: serde_json::Value = serde_json::from_str(v.output.as_deref().unwrap()).expect("still JSON");
    assert_eq!(out["rows"][0]["n"], "[suppressed]");
    assert_eq!(out["rows"][2]["n"], 43);
    assert_eq!(out["ok"], true);
}

/// Hidden counts work out from none of the columns that repeat them: a running total
/// (`Cum.`), a running share (`Cum. percent`) or a rounded copy.
#[test]
fn running_totals_running_shares_and_rounded_copies_hide_with_their_counts() {
    let g = guard("");
    let freq = "| region | Freq. | Percent | Cum. | Cum. percent |\n|---|---|---|---|---|\n| Riverside | 93 | 26.4% | 93 | 26.4% |\n| East | 3 | 0.9% | 96 | 27.3% |\n| Hillcrest | 84 | 23.9% | 180 | 51.1% |\n| Peace Valley | 79 | 22.4% | 259 | 73.6% |\n| North | 4 | 1.1% | 263 | 74.7% |\n| West | 89 | 25.3% | 352 | 100.0% |\n| Total | 352 | 100.0% | 352 | 100.0% |\n";
    let out = reply(&g, freq);
    let value = |label: &str, k: usize| row(&out, label).split(" | ").nth(k).unwrap().trim_end_matches(" |").to_string();
    let labels = ["Riverside", "East", "Hillcrest", "Peace Valley", "North", "West"];
    let hidden = |label: &str, k: usize| value(label, k) == "[suppressed]";
    for (r, label) in labels.iter().enumerate().filter(|(_, l)| ["East", "North"].contains(l)) {
        assert!(hidden(label, 1), "{out}");
        // Two running totals published one after the other would give the count back.
        assert!(hidden(label, 3) || hidden(labels[r - 1], 3), "{label}: {out}");
    }
    // The running share is hidden from the first row that hides a count to the last.
    let hiding: Vec<usize> = (0..labels.len()).filter(|&r| hidden(labels[r], 1)).collect();
    for label in &labels[hiding[0]..=*hiding.last().unwrap()] {
        assert!(hidden(label, 4), "{out}");
    }
    assert_eq!(value("West", 4), "100.0%", "{out}");

    let rounded = "| region | Patients | Patients (rounded to 5) |\n|---|---|---|\n| North | 91 | 90 |\n| Hillcrest | 109 | 110 |\n| East | 58 | 60 |\n| Lakeside | 2 | 0 |\n| Total | 260 | 260 |\n";
    let out = reply(&g, rounded);
    for line in out.lines().filter(|l| l.contains("[suppressed]")) {
        assert_eq!(line.matches("[suppressed]").count(), 2, "a count and its copy go together: {out}");
    }
    assert_eq!(row(&out, "Lakeside"), "| Lakeside | [suppressed] | [suppressed] |");
}

/// The cells of a Markdown table's row after its label, as written.
fn cells<'a>(table: &'a str, label: &str) -> Vec<&'a str> {
    row(table, label).trim_matches(|c| c == '|' || c == ' ').split(" | ").skip(1).collect()
}

#[test]
fn a_table_of_changes_between_two_years_ties_them_cell_by_cell() {
    let y1 = "| region | Owner | Renter |\n|---|---|---|\n| North | 111 | 3 |\n| South | 96 | 20 |\n";
    let y2 = "| region | Owner | Renter |\n|---|---|---|\n| North | 88 | 70 |\n| South | 52 | 32 |\n";
    let change = "| region | Owner | Renter |\n|---|---|---|\n| North | -23 | +67 |\n| South | -44 | +12 |\n";
    let out = reply(&guard(""), &format!("2023:\n\n{y1}\n2024:\n\n{y2}\nChange:\n\n{change}"));
    let tables: Vec<&str> = out.split("\n\n").filter(|t| t.starts_with("| region")).collect();
    assert_eq!(tables.len(), 3, "{out}");
    // North's 3 renters in 2023 are 2024's 70 less the change of 67: hidden, one of those goes too.
    assert_eq!(cells(tables[0], "North")[1], "[suppressed]", "{out}");
    assert!(cells(tables[1], "North")[1] == "[suppressed]" || cells(tables[2], "North")[1] == "[suppressed]", "{out}");
    // A change is no count: the +12 stays unless it protects.
    assert!(!out.contains("table withheld"), "{out}");
}

#[test]
fn totals_of_both_sexes_tie_the_tables_per_sex() {
    let men = "| region | Owner | Renter |\n|---|---|---|\n| West | 40 | 16 |\n| East | 120 | 70 |\n";
    let women = "| region | Owner | Renter |\n|---|---|---|\n| West | 33 | 76 |\n| East | 3 | 52 |\n";
    let both = "| region | Persons |\n|---|---|\n| West | 165 |\n| East | 245 |\n";
    let out = reply(&guard(""), &format!("Men:\n\n{men}\nWomen:\n\n{women}\nBoth sexes:\n\n{both}"));
    let tables: Vec<&str> = out.split("\n\n").filter(|t| t.starts_with("| region")).collect();
    assert_eq!(tables.len(), 3, "{out}");
    // The women's East owners are East's persons less the men's and the women's renters: hidden,
    // and with them another cell of that sum.
    assert_eq!(cells(tables[1], "East")[0], "[suppressed]", "{out}");
    let sum: Vec<&str> = cells(tables[0], "East").into_iter().chain(cells(tables[1], "East")).chain(cells(tables[2], "East")).collect();
    assert!(sum.iter().filter(|c| **c == "[suppressed]").count() >= 2, "{out}");
}

#[test]
fn shares_told_under_a_table_go_with_the_counts_they_give_back() {
    // A diagnostic test's 2x2 table and its accuracy: with 49 visible, 98.0 % is 48 of 49.
    let text = "| test | PCR positive | PCR negative | Total |\n|---|---|---|---|\n| Test + | 48 | 7 | 55 |\n| Test - | 1 | 62 | 63 |\n| Total | 49 | 69 | 118 |\n\nFrom the 2x2 table:\n* Sens: 98.0% (48/49)\n* Spec: 89.9%\n* PPV: 87.3%\n\nCoverage was 91.5% this year.\n";
    let out = reply(&guard(""), text);
    assert_eq!(row(&out, "Test -"), "| Test - | [suppressed] | [suppressed] | 63 |");
    assert!(out.contains("* Sens: [suppressed] ([suppressed]/[suppressed])\n* Spec: [suppressed]\n* PPV: [suppressed]\n"), "{out}");
    // A percentage that is no share of a hidden count stays.
    assert!(out.contains("Coverage was 91.5% this year."), "{out}");
    // Nothing hidden: the shares are published as written.
    let open = text.replace("| Test - | 1 | 62 | 63 |", "| Test - | 6 | 62 | 68 |");
    assert_eq!(reply(&guard(""), &open), open);
}

#[test]
fn a_funnels_drop_off_ties_each_step_to_the_one_before() {
    // 1956 visited (a count that reads like a year), 1953 started: the 3 who dropped off are
    // 1956 - 1953, so one of the two steps goes with it; each later drop-off ties its steps too.
    let text = "step,People,Drop-off\nVisited,1956,\nStarted,1953,3\nSubmitted,1081,872\nEligible,500,581\n";
    let out = reply(&guard(""), text);
    let line = |label: &str| out.lines().find(|l| l.starts_with(label)).unwrap().to_string();
    assert_eq!(line("Started,").split(',').nth(2), Some("[suppressed]"), "{out}");
    assert!(line("Visited,").contains("[suppressed]") || line("Started,").starts_with("Started,[suppressed]"), "{out}");
    assert!(out.contains("Eligible,500,581"), "{out}");
}

#[test]
fn a_table_of_shares_hides_the_shares_of_the_hidden_counts() {
    // A retention triangle with its total row (so the 3 needs a partner), then the same triangle
    // as percentages of each cohort's size, without a `%` sign.
    let counts = "| cohort | Cohort size | Month 1 | Month 2 |\n|---|---|---|---|\n| 2024-01 | 120 | 100 | 3 |\n| 2024-02 | 90 | 60 | 41 |\n| 2024-03 | 75 | 50 | 38 |\n| Total | 285 | 210 | 82 |\n";
    let rates = "| cohort | Month 1 | Month 2 |\n|---|---|---|\n| 2024-01 | 83.3 | 2.5 |\n| 2024-02 | 66.7 | 45.6 |\n| 2024-03 | 66.7 | 50.7 |\n";
    let out = reply(&guard(""), &format!("Active users per cohort:\n\n{counts}\nRetention rates:\n\n{rates}"));
    let tables: Vec<&str> = out.split("\n\n").filter(|t| t.starts_with("| cohort")).collect();
    assert_eq!(tables.len(), 2, "{out}");
    assert_eq!(cells(tables[0], "2024-01")[2], "[suppressed]", "{out}");
    // Every count hidden (the 3 and its partner) takes its share; every share of a count shown stays.
    for label in ["2024-01", "2024-02", "2024-03"] {
        let (c, r) = (cells(tables[0], label), cells(tables[1], label));
        for (k, share) in r.iter().enumerate() {
            assert_eq!(c[k + 1] == "[suppressed]" || c[0] == "[suppressed]", *share == "[suppressed]", "{label}: {out}");
        }
    }
    // A table of other rates under the same labels is no table of shares: it stays as written.
    let churn = "| cohort | Month 1 | Month 2 |\n|---|---|---|\n| 2024-01 | 12.4 | 0.7 |\n| 2024-02 | 11.9 | 7.7 |\n| 2024-03 | 10.2 | 9.1 |\n";
    let out = reply(&guard(""), &format!("Active users per cohort:\n\n{counts}\nChurn per 1,000 user-days:\n\n{churn}"));
    assert!(out.contains(churn), "{out}");
}

#[test]
fn a_ratio_of_two_counts_goes_with_its_row_and_a_group_share_with_its_group() {
    // `Boys per 100 girls` gives either count back from the other: where the row hides a count,
    // the ratio goes too; rows hiding nothing keep theirs.
    let out = reply(
        &guard(""),
        "| region | Girls | Boys | Boys per 100 girls |\n|---|---|---|---|\n| South | 3 | 4 | 133.3 |\n| Hillcrest | 297 | 274 | 92.3 |\n| Peace Valley | 128 | 149 | 116.4 |\n| Riverside | 41 | 43 | 104.9 |\n",
    );
    assert_eq!(row(&out, "South"), "| South | [suppressed] | [suppressed] | [suppressed] |");
    assert_eq!(row(&out, "Hillcrest"), "| Hillcrest | 297 | 274 | 92.3 |");
    // Each share is of its region's total, which the table does not show: a visible count and
    // its share would give that total, and the total less the visible counts the hidden one.
    let out = reply(
        &guard(""),
        "| region | tenure | N | share |\n|---|---|---|---|\n| East | Owner | 110 | 38.5% |\n| East | Renter | 55 | 19.2% |\n| East | Social | 2 | 0.7% |\n| East | Other | 119 | 41.6% |\n| South | Owner | 120 | 46.2% |\n| South | Renter | 51 | 19.6% |\n| South | Social | 89 | 34.2% |\n",
    );
    for (label, n) in [("East | Owner", "110"), ("East | Renter", "55"), ("East | Other", "119")] {
        assert_eq!(row(&out, label), format!("| {label} | {n} | [suppressed] |"));
    }
    assert_eq!(row(&out, "South | Owner"), "| South | Owner | 120 | 46.2% |");
}

#[test]
fn counts_of_counts_are_protected_against_the_visits_they_had_between_them() {
    // People by how many visits each had: the visits are each band's count times its number.
    // Told in a row under the table or in a sentence after it, they are a second sum a reader
    // solves with the people's total; what stays hidden must still leave the small band open.
    let bands = [120u64, 45, 12, 3];
    let visits: u64 = bands.iter().zip(1..).map(|(n, k)| n * k).sum();
    let table = "| Visits | People |\n|---|---|\n| 1 visit | 120 |\n| 2 visits | 45 |\n| 3 visits | 12 |\n| 4 visits | 3 |\n| Total | 180 |\n";
    for text in [format!("{table}\nBetween them they had {visits} visits.\n"), format!("{table}| Visits (total) | {visits} |\n")] {
        let out = reply(&guard(""), &text);
        let shown = |label: &str| out.lines().find(|l| l.starts_with(&format!("| {label} |"))).and_then(|l| l.split('|').nth(2)?.trim().parse::<u64>().ok());
        let told_visits = out.contains(&visits.to_string());
        assert_eq!(shown("Total"), Some(180), "{out}");
        // Every assignment of the hidden bands that the shown numbers allow.
        let hidden: Vec<usize> = (0..4).filter(|&k| shown(&format!("{} visit", k + 1)).or(shown(&format!("{} visits", k + 1))).is_none()).collect();
        assert!(hidden.contains(&3), "the small band is hidden: {out}");
        fn walk(x: &mut [u64; 4], hidden: &[usize], at: usize, told: bool, visits: u64, values: &mut std::collections::BTreeSet<u64>) {
            if at == hidden.len() {
                let people: u64 = x.iter().sum();
                let had: u64 = x.iter().zip(1..).map(|(n, k)| n * k).sum();
                if people == 180 && (!told || had == visits) {
                    values.insert(x[3]);
                }
                return;
            }
            for v in 0..=180 {
                x[hidden[at]] = v;
                walk(x, hidden, at + 1, told, visits, values);
            }
        }
        let mut values = std::collections::BTreeSet::new();
        walk(&mut bands.clone(), &hidden, 0, told_visits, visits, &mut values);
        let (lo, hi) = (values.first().copied().unwrap(), values.last().copied().unwrap());
        assert!(hi - lo >= 5, "the 3 of `4 visits` lies in [{lo}, {hi}] after {out}");
    }
}

#[test]
fn a_listing_by_measure_is_protected_as_the_wide_table_it_stands_for() {
    // One row per area, sex and measure (count, its denominator, the rate): the counts are one
    // column of the wide table, the persons' rows their totals. A constant year is a key, no
    // count; `N` and `n` are two measures.
    let mut text = String::from("area,year,sex,measure,value\n");
    let rows = [("North", "Male", 113, 613), ("North", "Female", 3, 41), ("North", "Persons", 116, 654)];
    let rows = rows.into_iter().chain([("South", "Male", 643, 1790), ("South", "Female", 975, 2172), ("South", "Persons", 1618, 3962)]);
    for (area, sex, n, d) in rows {
        let rate = format!("{:.1}", n as f64 * 100.0 / d as f64);
        text.push_str(&format!("{area},2023,{sex},n,{n}\n{area},2023,{sex},N,{d}\n{area},2023,{sex},Rate,{rate}\n"));
    }
    let out = reply(&guard(""), &format!("Uptake by area:\n\n{text}\nThat is all."));
    let value = |area: &str, sex: &str, measure: &str| {
        let line = out.lines().find(|l| l.starts_with(&format!("{area},2023,{sex},{measure},"))).unwrap_or_else(|| panic!("{area} {sex} {measure} in {out}"));
        line.rsplit(',').next().unwrap().to_string()
    };
    assert_eq!(value("North", "Female", "n"), "[suppressed]", "{out}");
    assert_eq!(value("North", "Female", "Rate"), "[suppressed]", "the rate gives the count back with its denominator: {out}");
    // The persons' count less the men's would give the three back.
    assert!(value("North", "Male", "n") == "[suppressed]" || value("North", "Persons", "n") == "[suppressed]", "{out}");
    assert_eq!(value("South", "Persons", "n"), "1618", "{out}");
    assert_eq!(out.lines().filter(|l| l.contains(",2023,")).count(), 18, "the year stays on every line: {out}");
}

#[test]
fn a_stock_with_signed_net_rows_is_read_column_by_column() {
    // Components as rows, wards as columns: the net and the transfers are signed numbers (no
    // counts), and a column holding one is still a column of counts. Opened 3 is hidden with
    // the flow that the stock's identity (start + opened - closed + transfers = end) ties it to.
    let text = "Caseload movements:\n\n| | Ward A | Ward B | Ward C |\n|---|---|---|---|\n| Caseload at start | 412 | 95 | 230 |\n| Opened | 40 | 3 | 22 |\n| Closed | 38 | 9 | 25 |\n| Net | 2 | -6 | -3 |\n| Transfers | -1 | 2 | 0 |\n| Caseload at end | 413 | 91 | 227 |\n";
    let out = reply(&guard(""), text);
    assert_eq!(row(&out, "Opened"), "| Opened | 40 | [suppressed] | 22 |", "{out}");
    assert_eq!(row(&out, "Closed"), "| Closed | 38 | [suppressed] | 25 |", "{out}");
    assert_eq!(row(&out, "Caseload at start"), "| Caseload at start | 412 | 95 | 230 |");
    assert_eq!(row(&out, "Caseload at end"), "| Caseload at end | 413 | 91 | 227 |");
}

#[test]
fn a_stock_balances_with_its_flows_in_any_order() {
    // Start + births - deaths + moved in - moved out = end, the flows interleaved: hiding the
    // births with the moves out alone leaves them within 4 (their column total and the balance).
    let text = "Movements:\n\n| area | Start | Births | Deaths | Moved in | Moved out | End |\n|---|---|---|---|---|---|---|\n| Old Town | 326 | 2 | 5 | 8 | 14 | 317 |\n| South | 975 | 27 | 19 | 52 | 27 | 1008 |\n| Lakeside | 105 | 4 | 5 | 6 | 2 | 108 |\n| Fenland | 782 | 31 | 5 | 42 | 40 | 810 |\n| Total | 2188 | 64 | 34 | 108 | 83 | 2243 |\n";
    let out = reply(&guard(""), text);
    let old_town = row(&out, "Old Town");
    assert!(old_town.starts_with("| Old Town | 326 | [suppressed] |"), "{out}");
    assert_eq!(old_town.matches("[suppressed]").count(), 3, "{out}");
    assert_eq!(row(&out, "Total"), "| Total | 2188 | 64 | 34 | 108 | 83 | 2243 |");
}

#[test]
fn a_classifications_codes_tell_which_rows_a_chapter_sums() {
    // The chapter's range holds the blocks' ranges, a block's range its codes: J00-J99 is the
    // sum of its blocks, not of every row under it (J40-J47's codes are counted in the block).
    // A small block hidden alone would be the chapter less the other blocks.
    let text = "| ICD-10 | Deaths |\n|---|---|\n| J00-J99 Respiratory | 1471 |\n| J00-J06 Upper | 168 |\n| J09-J18 Influenza | 75 |\n| J20-J22 Lower | 100 |\n| J30-J39 Upper other | 2 |\n| J40-J47 Chronic | 836 |\n| J40 Bronchitis | 264 |\n| J41 Chronic bronchitis | 157 |\n| J42 Unspecified | 20 |\n| J43 Emphysema | 217 |\n| J44 COPD | 28 |\n| J45 Asthma | 61 |\n| J46 Status | 0 |\n| J47 Bronchiectasis | 89 |\n| J60-J70 External | 18 |\n| J80-J84 Interstitium | 8 |\n| J85-J86 Suppurative | 17 |\n| J90-J94 Pleura | 76 |\n| J95-J99 Other | 171 |\n";
    let out = reply(&guard(""), text);
    assert_eq!(row(&out, "J30-J39"), "| J30-J39 Upper other | [suppressed] |", "{out}");
    let blocks =
        out.lines().filter(|l| l.starts_with("| J") && l[3..].starts_with(|c: char| c.is_ascii_digit()) && l.contains('-') && !l.starts_with("| J00-J99"));
    assert!(blocks.filter(|l| l.contains("[suppressed]")).count() >= 2, "{out}");
    assert_eq!(row(&out, "J00-J99"), "| J00-J99 Respiratory | 1471 |");
}

#[test]
fn sums_and_differences_told_after_a_table_do_not_give_a_hidden_count_back() {
    let table = "| area | Male | Female | Total |\n|---|---|---|---|\n| North | 3 | 14 | 17 |\n| South | 22 | 9 | 31 |\n| East | 18 | 12 | 30 |\n| West | 40 | 26 | 66 |\n| Total | 83 | 61 | 144 |\n";
    let out = reply(&guard(""), &format!("{table}\nKey points:\n- North and South together: 25 male patients\n- West has 37 more male patients than North\n"));
    assert_eq!(cells(&out, "North")[0], "[suppressed]", "{out}");
    // The sum gives North's 3 back from South's 22 unless one of the two goes; the difference
    // from West's 40 likewise.
    assert!(cells(&out, "South")[0] == "[suppressed]" || out.contains("together: [suppressed]"), "{out}");
    assert!(cells(&out, "West")[0] == "[suppressed]" || out.contains("has [suppressed] more"), "{out}");
}
