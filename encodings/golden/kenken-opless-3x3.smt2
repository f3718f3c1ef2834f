; cagesat kenken 3x3 (SMT-LIB 2)
; options: --smt-product exponents
; encoding: one Int per cell in 1..3; distinct rows and columns; cages as arithmetic
; symbols: c_CELL = cell CELL (row letter, column number)
; c_A1 = cell A1
; c_A2 = cell A2
; c_A3 = cell A3
; c_B1 = cell B1
; c_B2 = cell B2
; c_B3 = cell B3
; c_C1 = cell C1
; c_C2 = cell C2
; c_C3 = cell C3
(set-option :produce-models true)
(set-logic QF_LIA)
(define-fun e2 ((d Int)) Int (ite (= d 2) 1 0))
(define-fun e3 ((d Int)) Int (ite (= d 3) 1 0))
(declare-const c_A1 Int)
(declare-const c_A2 Int)
(declare-const c_A3 Int)
(declare-const c_B1 Int)
(declare-const c_B2 Int)
(declare-const c_B3 Int)
(declare-const c_C1 Int)
(declare-const c_C2 Int)
(declare-const c_C3 Int)
; bounds
(assert (<= 1 c_A1 3))
(assert (<= 1 c_A2 3))
(assert (<= 1 c_A3 3))
(assert (<= 1 c_B1 3))
(assert (<= 1 c_B2 3))
(assert (<= 1 c_B3 3))
(assert (<= 1 c_C1 3))
(assert (<= 1 c_C2 3))
(assert (<= 1 c_C3 3))
; rows and columns
(assert (distinct c_A1 c_A2 c_A3)) ; row A
(assert (distinct c_B1 c_B2 c_B3)) ; row B
(assert (distinct c_C1 c_C2 c_C3)) ; row C
(assert (distinct c_A1 c_B1 c_C1)) ; column 1
(assert (distinct c_A2 c_B2 c_C2)) ; column 2
(assert (distinct c_A3 c_B3 c_C3)) ; column 3
; cages
(assert (or (= (+ c_A1 c_B1) 3) (or (= (- c_A1 c_B1) 3) (= (- c_B1 c_A1) 3)) (and (= (+ (e2 c_A1) (e2 c_B1)) 0) (= (+ (e3 c_A1) (e3 c_B1)) 1)) (or (= c_A1 (* 3 c_B1)) (= c_B1 (* 3 c_A1))))) ; cage 3 A1 B1
(assert (or (= (+ c_A2 c_A3) 1) (or (= (- c_A2 c_A3) 1) (= (- c_A3 c_A2) 1)) (and (= (+ (e2 c_A2) (e2 c_A3)) 0) (= (+ (e3 c_A2) (e3 c_A3)) 0)) (or (= c_A2 (* 1 c_A3)) (= c_A3 (* 1 c_A2))))) ; cage 1 A2 A3
(assert (or (= (+ c_B2 c_B3 c_C3) 4) (or (= (- c_B2 c_B3 c_C3) 4) (= (- c_B3 c_B2 c_C3) 4) (= (- c_C3 c_B2 c_B3) 4)) (and (= (+ (e2 c_B2) (e2 c_B3) (e2 c_C3)) 2) (= (+ (e3 c_B2) (e3 c_B3) (e3 c_C3)) 0)) (or (and (= (+ (e2 c_B3) (e2 c_C3) 2) (e2 c_B2)) (= (+ (e3 c_B3) (e3 c_C3)) (e3 c_B2))) (and (= (+ (e2 c_B2) (e2 c_C3) 2) (e2 c_B3)) (= (+ (e3 c_B2) (e3 c_C3)) (e3 c_B3))) (and (= (+ (e2 c_B2) (e2 c_B3) 2) (e2 c_C3)) (= (+ (e3 c_B2) (e3 c_B3)) (e3 c_C3)))))) ; cage 4 B2 B3 C3
(assert (or (= (+ c_C1 c_C2) 6) (or (= (- c_C1 c_C2) 6) (= (- c_C2 c_C1) 6)) (and (= (+ (e2 c_C1) (e2 c_C2)) 1) (= (+ (e3 c_C1) (e3 c_C2)) 1)) (or (= c_C1 (* 6 c_C2)) (= c_C2 (* 6 c_C1))))) ; cage 6 C1 C2
(check-sat)
(get-value (c_A1 c_A2 c_A3 c_B1 c_B2 c_B3 c_C1 c_C2 c_C3))
