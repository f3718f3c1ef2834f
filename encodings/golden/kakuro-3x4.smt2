; cagesat kakuro 3x4 (SMT-LIB 2)
; options: --smt-product exponents
; encoding: one Int per cell in 1..9; runs distinct with their sums
; symbols: c_CELL = cell CELL (row letter, column number)
; c_B2 = cell B2
; c_B3 = cell B3
; c_B4 = cell B4
; c_C2 = cell C2
; c_C3 = cell C3
; c_C4 = cell C4
(set-option :produce-models true)
(set-logic QF_LIA)
(declare-const c_B2 Int)
(declare-const c_B3 Int)
(declare-const c_B4 Int)
(declare-const c_C2 Int)
(declare-const c_C3 Int)
(declare-const c_C4 Int)
; bounds
(assert (<= 1 c_B2 9))
(assert (<= 1 c_B3 9))
(assert (<= 1 c_B4 9))
(assert (<= 1 c_C2 9))
(assert (<= 1 c_C3 9))
(assert (<= 1 c_C4 9))
; runs
(assert (and (distinct c_B2 c_B3 c_B4) (= (+ c_B2 c_B3 c_B4) 6))) ; run 6 B2 B3 B4
(assert (and (distinct c_C2 c_C3 c_C4) (= (+ c_C2 c_C3 c_C4) 8))) ; run 8 C2 C3 C4
(assert (and (distinct c_B2 c_C2) (= (+ c_B2 c_C2) 3))) ; run 3 B2 C2
(assert (and (distinct c_B3 c_C3) (= (+ c_B3 c_C3) 5))) ; run 5 B3 C3
(assert (and (distinct c_B4 c_C4) (= (+ c_B4 c_C4) 6))) ; run 6 B4 C4
(check-sat)
(get-value (c_B2 c_B3 c_B4 c_C2 c_C3 c_C4))
