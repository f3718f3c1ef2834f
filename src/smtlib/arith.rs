//! # Arithmetic terms for cages and lines
//!
//! Sums are linear (`(= (+ a b c) 7)`); `-` and `/` on several cells are read left to right
//! with any cell first, one alternative per first cell (`(or (= (- a b c) 1) (= (- b a c) 1)
//! …)`); `/` is exact, written as a multiplication (`a = t·b·c`, never SMT-LIB's flooring
//! `div`). Products take one of two forms ([`ProductForm`]):
//!
//! - [`ProductForm::Nonlinear`]: `(= (* a b c) 12)`, nonlinear integer arithmetic;
//! - [`ProductForm::Exponents`]: the product of digits equals the target iff, for every
//!   prime `p` up to the largest digit, the exponents of `p` in the digits add up to its
//!   exponent in the target (factorisation is unique, and every digit is a product of
//!   primes up to the largest digit). Each exponent is a `define-fun` over the small domain
//!   (`(e2 d)` = `ite` table), so the whole constraint is linear: `(and (= (+ (e2 a) (e2 b))
//!   2) (= (+ (e3 a) (e3 b)) 1))`. A target with a prime factor above the largest digit
//!   cannot be reached: `false`.
//!
//! A cage without an operator (`?`) is the disjunction of the four: `(or (= (+ a b) 2)
//! (or (= (- a b) 2) …) (= (* a b) 2) (or (= a (* 2 b)) …))`, leaving out alternatives
//! that are `false`.

use crate::smtlib::ProductForm;

/// The primes up to `max` (the digits' prime factors), ascending.
pub(super) fn primes_up_to(max: u8) -> Vec<u8> {
    (2..=max).filter(|&p| (2..p).all(|q| p % q != 0)).collect()
}

/// The exponent of `p` in `n` (n ≥ 1).
fn exponent(mut n: u64, p: u64) -> u32 {
    let mut e = 0;
    while n % p == 0 {
        n /= p;
        e += 1;
    }
    e
}

/// `define-fun` of the exponent of prime `p` in a digit 1..=`max`: an `ite` table over the
/// digits that contain `p`, 0 otherwise.
pub(super) fn exponent_fun(p: u8, max: u8) -> String {
    let mut body = "0".to_string();
    for d in (1..=max).rev() {
        let e = exponent(u64::from(d), u64::from(p));
        if e > 0 {
            body = format!("(ite (= d {d}) {e} {body})");
        }
    }
    format!("(define-fun e{p} ((d Int)) Int {body})")
}

/// `(+ a b …)`, or the symbol itself for one term.
fn sum(terms: &[String]) -> String {
    match terms {
        [one] => one.clone(),
        _ => format!("(+ {})", terms.join(" ")),
    }
}

/// `(and …)` / `(or …)`, or the single argument, or `empty` without arguments.
fn connective(op: &str, args: &[String], empty: &str) -> String {
    match args {
        [] => empty.to_string(),
        [one] => one.clone(),
        _ => format!("({op} {})", args.join(" ")),
    }
}

/// The cells' values add up to `target`.
pub(super) fn sum_is(cells: &[String], target: u64) -> String {
    format!("(= {} {target})", sum(cells))
}

/// Some cell minus all the others (in written order) is `target`.
pub(super) fn difference_is(cells: &[String], target: u64) -> String {
    let alts: Vec<String> = (0..cells.len())
        .map(|first| {
            let rest = others(cells, first);
            format!("(= (- {} {}) {target})", cells[first], rest.join(" "))
        })
        .collect();
    connective("or", &alts, "false")
}

/// Some cell divided exactly by all the others is `target`: the first cell equals `target`
/// times the product of the others.
pub(super) fn quotient_is(
    cells: &[String],
    target: u64,
    form: ProductForm,
    primes: &[u8],
) -> String {
    let alts: Vec<String> = (0..cells.len())
        .map(|first| {
            let rest = others(cells, first);
            match (form, rest.as_slice()) {
                (_, [one]) => format!("(= {} (* {target} {one}))", cells[first]),
                (ProductForm::Nonlinear, _) => {
                    format!("(= {} (* {target} {}))", cells[first], rest.join(" "))
                }
                (ProductForm::Exponents, _) => exponents_eq(&rest, target, &cells[first], primes),
            }
        })
        .collect();
    connective("or", &alts, "false")
}

/// The cells multiply to `target`.
pub(super) fn product_is(
    cells: &[String],
    target: u64,
    form: ProductForm,
    primes: &[u8],
) -> String {
    match form {
        ProductForm::Nonlinear => match cells {
            [one] => format!("(= {one} {target})"),
            _ => format!("(= (* {}) {target})", cells.join(" ")),
        },
        ProductForm::Exponents => exponents_eq(cells, target, "", primes),
    }
}

/// For every prime: the exponents in `cells` plus those in `target` equal the exponent in
/// `plus` (a cell symbol), or in `target` alone when `plus` is empty (the product form).
fn exponents_eq(cells: &[String], target: u64, plus: &str, primes: &[u8]) -> String {
    let mut rest = target;
    let mut parts = Vec::new();
    for &p in primes {
        let k = exponent(target, u64::from(p));
        rest /= u64::from(p).pow(k);
        let terms: Vec<String> = cells.iter().map(|c| format!("(e{p} {c})")).collect();
        parts.push(if plus.is_empty() {
            format!("(= {} {k})", sum(&terms))
        } else {
            let mut terms = terms;
            if k > 0 {
                terms.push(k.to_string());
            }
            format!("(= {} (e{p} {plus}))", sum(&terms))
        });
    }
    if rest != 1 {
        // A prime factor above the largest digit: no digits reach it.
        return "false".to_string();
    }
    connective("and", &parts, "true")
}

/// Some operator among `+ - * /` turns the cells into `target` (a cage without operator):
/// the disjunction of [`sum_is`], [`difference_is`], [`product_is`] and [`quotient_is`].
pub(super) fn any_is(cells: &[String], target: u64, form: ProductForm, primes: &[u8]) -> String {
    let alts: Vec<String> = [
        sum_is(cells, target),
        difference_is(cells, target),
        product_is(cells, target, form, primes),
        quotient_is(cells, target, form, primes),
    ]
    .into_iter()
    .filter(|t| t != "false")
    .collect();
    connective("or", &alts, "false")
}

/// Every cell but the one at `skip`, in order.
fn others(cells: &[String], skip: usize) -> Vec<String> {
    cells
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != skip)
        .map(|(_, c)| c.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn primes_and_exponent_tables() {
        assert_eq!(primes_up_to(9), [2, 3, 5, 7]);
        assert_eq!(primes_up_to(1), Vec::<u8>::new());
        assert_eq!(
            exponent_fun(2, 9),
            "(define-fun e2 ((d Int)) Int (ite (= d 2) 1 (ite (= d 4) 2 (ite (= d 6) 1 (ite (= d 8) 3 0)))))"
        );
    }

    #[test]
    fn terms_read_left_to_right_with_any_cell_first() {
        let abc = cells(&["a", "b", "c"]);
        assert_eq!(
            difference_is(&abc, 1),
            "(or (= (- a b c) 1) (= (- b a c) 1) (= (- c a b) 1))"
        );
        assert_eq!(
            quotient_is(&abc[..2], 2, ProductForm::Exponents, &[2]),
            "(or (= a (* 2 b)) (= b (* 2 a)))"
        );
        assert_eq!(
            quotient_is(&abc, 2, ProductForm::Nonlinear, &[2]),
            "(or (= a (* 2 b c)) (= b (* 2 a c)) (= c (* 2 a b)))"
        );
        assert_eq!(
            product_is(&abc[..2], 12, ProductForm::Exponents, &[2, 3]),
            "(and (= (+ (e2 a) (e2 b)) 2) (= (+ (e3 a) (e3 b)) 1))"
        );
        assert_eq!(
            product_is(&abc[..2], 11, ProductForm::Exponents, &[2, 3]),
            "false"
        );
        assert_eq!(
            quotient_is(&abc, 2, ProductForm::Exponents, &[2, 3])
                .split(" (and")
                .nth(1)
                .unwrap(),
            " (= (+ (e2 b) (e2 c) 1) (e2 a)) (= (+ (e3 b) (e3 c)) (e3 a)))"
        );
    }

    #[test]
    fn a_hidden_operator_is_the_disjunction_of_the_four() {
        let ab = cells(&["a", "b"]);
        assert_eq!(
            any_is(&ab, 2, ProductForm::Nonlinear, &[2, 3]),
            "(or (= (+ a b) 2) (or (= (- a b) 2) (= (- b a) 2)) (= (* a b) 2) \
             (or (= a (* 2 b)) (= b (* 2 a))))"
        );
        // A product out of reach (prime 11 > 9) drops out of the disjunction.
        assert_eq!(
            any_is(&ab, 11, ProductForm::Exponents, &[2, 3, 5, 7]),
            "(or (= (+ a b) 11) (or (= (- a b) 11) (= (- b a) 11)) \
             (or (= a (* 11 b)) (= b (* 11 a))))"
        );
    }
}
