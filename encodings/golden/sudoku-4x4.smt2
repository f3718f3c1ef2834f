; cagesat sudoku 4x4 (SMT-LIB 2)
; options: --smt-product exponents
; encoding: one Int per cell in 1..4; distinct rows, columns and boxes; givens
; symbols: c_CELL = cell CELL (row letter, column number)
; c_A1 = cell A1
; c_A2 = cell A2
; c_A3 = cell A3
; c_A4 = cell A4
; c_B1 = cell B1
; c_B2 = cell B2
; c_B3 = cell B3
; c_B4 = cell B4
; c_C1 = cell C1
; c_C2 = cell C2
; c_C3 = cell C3
; c_C4 = cell C4
; c_D1 = cell D1
; c_D2 = cell D2
; c_D3 = cell D3
; c_D4 = cell D4
(set-option :produce-models true)
(set-logic QF_LIA)
(declare-const c_A1 Int)
(declare-const c_A2 Int)
(declare-const c_A3 Int)
(declare-const c_A4 Int)
(declare-const c_B1 Int)
(declare-const c_B2 Int)
(declare-const c_B3 Int)
(declare-const c_B4 Int)
(declare-const c_C1 Int)
(declare-const c_C2 Int)
(declare-const c_C3 Int)
(declare-const c_C4 Int)
(declare-const c_D1 Int)
(declare-const c_D2 Int)
(declare-const c_D3 Int)
(declare-const c_D4 Int)
; bounds
(assert (<= 1 c_A1 4))
(assert (<= 1 c_A2 4))
(assert (<= 1 c_A3 4))
(assert (<= 1 c_A4 4))
(assert (<= 1 c_B1 4))
(assert (<= 1 c_B2 4))
(assert (<= 1 c_B3 4))
(assert (<= 1 c_B4 4))
(assert (<= 1 c_C1 4))
(assert (<= 1 c_C2 4))
(assert (<= 1 c_C3 4))
(assert (<= 1 c_C4 4))
(assert (<= 1 c_D1 4))
(assert (<= 1 c_D2 4))
(assert (<= 1 c_D3 4))
(assert (<= 1 c_D4 4))
; rows, columns and boxes
(assert (distinct c_A1 c_A2 c_A3 c_A4)) ; row A
(assert (distinct c_B1 c_B2 c_B3 c_B4)) ; row B
(assert (distinct c_C1 c_C2 c_C3 c_C4)) ; row C
(assert (distinct c_D1 c_D2 c_D3 c_D4)) ; row D
(assert (distinct c_A1 c_B1 c_C1 c_D1)) ; column 1
(assert (distinct c_A2 c_B2 c_C2 c_D2)) ; column 2
(assert (distinct c_A3 c_B3 c_C3 c_D3)) ; column 3
(assert (distinct c_A4 c_B4 c_C4 c_D4)) ; column 4
(assert (distinct c_A1 c_A2 c_B1 c_B2)) ; box A1-B2
(assert (distinct c_A3 c_A4 c_B3 c_B4)) ; box A3-B4
(assert (distinct c_C1 c_C2 c_D1 c_D2)) ; box C1-D2
(assert (distinct c_C3 c_C4 c_D3 c_D4)) ; box C3-D4
; givens
(assert (= c_A1 1)) ; given A1
(assert (= c_A2 2)) ; given A2
(assert (= c_C2 3)) ; given C2
(assert (= c_D4 2)) ; given D4
(check-sat)
(get-value (c_A1 c_A2 c_A3 c_A4 c_B1 c_B2 c_B3 c_B4 c_C1 c_C2 c_C3 c_C4 c_D1 c_D2 c_D3 c_D4))
