//! The SMT-LIB side of `encode` and `decode`, and the `--solver z3|cvc5` names.

use std::fs::File;
use std::io::{BufWriter, Write};

use anyhow::Context;
use clap::{Args, ValueEnum};

use super::dimacs::EncodeArgs;
use cagesat::{
    engine::{EngineStats, SmtRunStats, SmtSolver},
    smt::{decode_smt_answer, is_smt_answer, smtlib_stats, write_smtlib, ProductForm, SmtOptions},
    Grid, Outcome, Puzzle,
};

/// `encode --format` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum FormatArg {
    /// DIMACS CNF (the one-hot encoding).
    Dimacs,
    /// SMT-LIB 2 (integers, `distinct`, arithmetic).
    Smtlib,
}

/// `decode --answer` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum AnswerArg {
    /// Decide by content: `sat`/`unsat`/`unknown`/`(` first is an SMT answer.
    Auto,
    /// SAT-competition `s`/`v` lines or MiniSat's result file.
    Dimacs,
    /// z3's or cvc5's answer to the SMT-LIB script.
    Smt,
}

/// SMT-LIB options (they must match between `encode --format smtlib` and `decode`).
#[derive(Debug, Args)]
pub(crate) struct SmtArgs {
    /// How SMT-LIB products are written: prime-exponent tables (linear, QF_LIA) or direct
    /// multiplication (QF_NIA).
    #[arg(long, value_enum, default_value_t = ProductArg::Exponents)]
    pub smt_product: ProductArg,
}

impl SmtArgs {
    pub(crate) fn options(&self) -> SmtOptions {
        SmtOptions {
            product: self.smt_product.into(),
        }
    }
}

/// `--smt-product` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ProductArg {
    /// Per prime, the digits' exponents add up to the target's (linear).
    Exponents,
    /// `(* a b c)` (nonlinear).
    Nonlinear,
}

impl From<ProductArg> for ProductForm {
    fn from(a: ProductArg) -> Self {
        match a {
            ProductArg::Exponents => ProductForm::Exponents,
            ProductArg::Nonlinear => ProductForm::Nonlinear,
        }
    }
}

/// The SMT solver a `--solver` value names (`z3`, `cvc5`), if any.
pub(crate) fn smt_solver(name: &str) -> Option<SmtSolver> {
    [SmtSolver::Z3, SmtSolver::Cvc5]
        .into_iter()
        .find(|s| s.program() == name.trim())
}

/// `encode --format smtlib`.
pub(crate) fn encode_smtlib(
    args: &EncodeArgs,
    puzzle: &Puzzle,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    if !args.block.is_empty() || args.stats || args.projection {
        anyhow::bail!("--block, --stats and --projection apply to DIMACS output only");
    }
    let opts = args.smt.options();
    let blocked: [Grid<u8>; 0] = [];
    let written = match super::output_path(args.output.as_deref()) {
        Some(path) => File::create(path).and_then(|f| {
            let mut w = BufWriter::new(f);
            let _ = write_smtlib(&mut w, puzzle, &opts, &blocked)?;
            w.flush()
        }),
        None => write_smtlib(out, puzzle, &opts, &blocked).map(|_| ()),
    };
    written.with_context(|| {
        let target = args
            .output
            .as_deref()
            .map_or("output".into(), |p| p.display().to_string());
        format!("cagesat: cannot write {target}")
    })
}

/// Is the answer `text` an SMT answer, by `--answer` or by content?
pub(crate) fn is_smt(arg: AnswerArg, text: &str) -> bool {
    match arg {
        AnswerArg::Auto => is_smt_answer(text),
        AnswerArg::Dimacs => false,
        AnswerArg::Smt => true,
    }
}

/// `decode` of an SMT answer: the verified outcome and the script's size.
pub(crate) fn decode_smt(puzzle: &Puzzle, text: &str) -> anyhow::Result<(Outcome, EngineStats)> {
    let opts = SmtOptions::default();
    let outcome = decode_smt_answer(puzzle, &opts, text)?;
    let stats = SmtRunStats {
        script: smtlib_stats(puzzle, &opts),
        ..SmtRunStats::default()
    };
    Ok((outcome, EngineStats::Smt(stats)))
}
