; cagesat kenken 2x2 (SMT-LIB 2)
; options: --smt-product exponents
; encoding: one Int per cell in 1..2; distinct rows and columns; cages as arithmetic
; symbols: c_CELL = cell CELL (row letter, column number)
; c_A1 = cell A1
; c_A2 = cell A2
; c_B1 = cell B1
; c_B2 = cell B2
(set-option :produce-models true)
(set-logic QF_LIA)
(declare-const c_A1 Int)
(declare-const c_A2 Int)
(declare-const c_B1 Int)
(declare-const c_B2 Int)
; bounds
(assert (<= 1 c_A1 2))
(assert (<= 1 c_A2 2))
(assert (<= 1 c_B1 2))
(assert (<= 1 c_B2 2))
; rows and columns
(assert (distinct c_A1 c_A2)) ; row A
(assert (distinct c_B1 c_B2)) ; row B
(assert (distinct c_A1 c_B1)) ; column 1
(assert (distinct c_A2 c_B2)) ; column 2
; cages
(assert (= (+ c_A1 c_A2) 3)) ; cage 3+ A1 A2
(assert (= c_B1 1)) ; cage 1= B1
(assert (= c_B2 2)) ; cage 2= B2
(check-sat)
(get-value (c_A1 c_A2 c_B1 c_B2))
