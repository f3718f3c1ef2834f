//! # The Norvig 6×6 KenKen: drawn, checked, played, explained and exported

use super::*;

#[test]
fn the_norvig_kenken_is_drawn_checked_played_and_exported() {
    let Some((_one, page, _)) = open("editor-kenken", "") else {
        return;
    };
    page.browser.resize(1280, 1000);
    let ed = Editor { page: &page };
    let file =
        std::fs::read_to_string(root().join("tests/data/kenken/norvig/norvig-07-6x6.kenken"))
            .expect("test data");
    let want = canonical(&file);
    ed.new_grid("kenken", 6);
    draw_cages_by_pointer(&ed, &want);
    let text = ed.text();
    assert_eq!(canonical(&text), want, "the text box:\n{text}");
    let (ok, status, _) = ed.checked();
    assert!(ok && status == "unique", "{status}");
    ed.screenshots("kenken");

    // Escape clears the selection; undo takes the last cage away, redo brings it back.
    ed.click_cells(&["A1".to_string(), "B1".to_string()]);
    ed.press(key(ESCAPE, false));
    assert!(ed.selection().is_empty());
    ed.press(vec![
        json!({"type": "keyDown", "value": CONTROL}),
        json!({"type": "keyDown", "value": "z"}),
        json!({"type": "keyUp", "value": "z"}),
        json!({"type": "keyUp", "value": CONTROL}),
    ]);
    // The cells of the cage taken away are free: a count, not an error.
    let (ok, status, _) = ed.checked();
    assert!(
        ok && status.ends_with("cells in no cage yet)"),
        "after undo: {status}"
    );
    assert_eq!(
        cages(&canonical_loose(&ed.text())).len(),
        cages(&want).len() - 1
    );
    page.browser.click("redo");
    assert_eq!(canonical(&ed.text()), want);
    assert_eq!(ed.checked().1, "unique");

    // Play: a right and a wrong digit, then hints that move on, then Explain's steps.
    let sol = solution(&file);
    page.browser.click("mode");
    ed.click_cells(&["A1".to_string()]);
    ed.type_text(&digit_at(&sol, "A1").to_string());
    let wrong = digit_at(&sol, "A2") % 6 + 1;
    ed.press(arrows((0, 0), (0, 1), false));
    ed.type_text(&wrong.to_string());
    page.wait("the wrong entry marked", 30, || {
        (ed.data("wrong") == ["A2"]).then_some(())
    });
    ed.press(key(DELETE, false));
    page.wait("the wrong entry gone", 30, || {
        ed.data("wrong").is_empty().then_some(())
    });
    assert_eq!(
        ed.data("progress"),
        [format!("A1={}", digit_at(&sol, "A1"))]
    );
    let mut hinted = Vec::new();
    for _ in 0..3 {
        let (ok, status) = ed.button("hint", "hint");
        assert!(ok && status.starts_with("hint: "), "{status}");
        let hint = ed.data("hint").join("");
        let (cell, digit) = hint.split_once('=').expect("cell=digit");
        assert_eq!(
            digit.parse::<u8>().ok(),
            Some(digit_at(&sol, cell)),
            "{status}"
        );
        assert!(
            !hinted.contains(&cell.to_string()) && cell != "A1",
            "the hint moved on: {status}"
        );
        hinted.push(cell.to_string());
    }
    ed.screenshots("hint");
    // Candidates start from the progress: every placed digit is its cell's only candidate.
    let (ok, status) = ed.button("candidates", "candidates");
    assert!(ok && status.starts_with("candidates: "), "{status}");
    let shown = ed.js(
        "return JSON.parse(document.querySelector('[data-testid=picture]').dataset.candidates);",
        json!([]),
    );
    for cell in &hinted {
        let (r, c) = rc(cell);
        assert_eq!(
            shown[r as usize][c as usize],
            json!([digit_at(&sol, cell)]),
            "{cell}"
        );
    }
    let (ok, status) = ed.button("explain", "step");
    assert!(ok && status.starts_with("step 1/"), "{status}");
    page.browser.click("explain-next");
    page.browser.click("explain-next");
    page.browser.click("explain-prev");
    page.browser.click("explain-next");
    let shown = page.read();
    assert!(
        shown["text"]
            .as_str()
            .unwrap_or_default()
            .starts_with("step 3/"),
        "{shown}"
    );
    assert_eq!(ed.data("step"), ["3"]);
    // The candidates after three steps are drawn as pencil marks: each step's elimination
    // is gone from its cell, each placement is its cell's only digit.
    let pencil = ed.js(
        "return JSON.parse(document.querySelector('[data-testid=grid]').dataset.pencil);",
        json!([]),
    );
    let done = ed.js("return steps.steps.slice(0, 3);", json!([]));
    for s in done.as_array().expect("three steps") {
        let marks = &pencil[s["cell"].as_str().unwrap()];
        let digit = &s["digit"];
        if s["place"] == true {
            assert_eq!(marks, &json!([digit]), "{s} {pencil}");
        } else {
            assert!(!marks.as_array().unwrap().contains(digit), "{s} {pencil}");
        }
    }
    let open = pencil.as_object().unwrap();
    assert!(open.values().all(|m| {
        let m = m.as_array().unwrap();
        !m.is_empty() && m.iter().all(|d| (1..=6).contains(&d.as_u64().unwrap()))
    }));
    let drawn = ed.js(
        "return document.querySelectorAll('[data-testid=grid] text.pencil').length;",
        json!([]),
    );
    assert!(drawn.as_u64().unwrap() > 0, "no pencil marks drawn");
    ed.screenshots("explain");
    page.browser.click("mode");

    // Exports, each read back: text file, share link, Keen ID, SVG; and print to PDF.
    page.browser.click("download");
    let saved = ed.js(
        "return document.getElementById('save').dataset.text;",
        json!([]),
    );
    assert_eq!(saved.as_str(), Some(text.as_str()));
    page.browser.click("keen");
    let keen = page.wait("the Keen ID", 30, || {
        let v = ed.js(
            "return document.querySelector('[data-testid=export-out]').value;",
            json!([]),
        );
        v.as_str()
            .filter(|s| s.starts_with("6:"))
            .map(str::to_string)
    });
    assert_eq!(canonical(&keen), want, "{keen}");
    page.paste(&keen);
    assert_eq!(ed.checked().1, "unique");
    let drawn = ed.js(
        "return document.querySelector('[data-testid=grid]').dataset.text;",
        json!([]),
    );
    assert_eq!(
        canonical(drawn.as_str().unwrap_or_default()),
        want,
        "the Keen ID redrawn"
    );
    page.browser.click("svg");
    let svg = page.wait("the SVG", 30, || {
        let v = ed.js(
            "return document.getElementById('save').dataset.text || '';",
            json!([]),
        );
        v.as_str()
            .filter(|s| s.contains("<svg"))
            .map(str::to_string)
    });
    assert!(svg.contains("</svg>"));
    page.browser.click("share");
    let link = ed.js(
        "return document.querySelector('[data-testid=export-out]').value;",
        json!([]),
    );
    let link = link.as_str().unwrap_or_default().to_string();
    assert!(link.contains("#p="), "{link}");
    page.browser.goto("about:blank");
    page.browser.goto(&link);
    page.wait("the shared page", 30, || {
        let v = ed.js("return document.body.dataset.readyMs || '';", json!([]));
        (!v.as_str().unwrap_or_default().is_empty()).then_some(())
    });
    assert_eq!(ed.checked().1, "unique");
    assert_eq!(canonical(&ed.text()), want);
    let pdf = page.browser.print();
    assert!(
        pdf.starts_with(b"%PDF") && pdf.len() > 2_000,
        "{} bytes",
        pdf.len()
    );
    std::fs::write(artifacts().join("editor-print.pdf"), pdf).expect("written");
}

/// A KenKen text read for its cages even when a cell is in no cage.
fn canonical_loose(text: &str) -> Value {
    let cages: Vec<Value> = text
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| json!({"clue": "", "cells": l.split_whitespace().skip(2).collect::<Vec<_>>()}))
        .collect();
    json!({ "cages": cages })
}
