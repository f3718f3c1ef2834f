; cagesat crossproduct 2x2 (SMT-LIB 2)
; options: --smt-product exponents
; encoding: one Int per cell in 1..9; row and column products
; symbols: c_CELL = cell CELL (row letter, column number)
; c_A1 = cell A1
; c_A2 = cell A2
; c_B1 = cell B1
; c_B2 = cell B2
(set-option :produce-models true)
(set-logic QF_LIA)
(define-fun e2 ((d Int)) Int (ite (= d 2) 1 (ite (= d 4) 2 (ite (= d 6) 1 (ite (= d 8) 3 0)))))
(define-fun e3 ((d Int)) Int (ite (= d 3) 1 (ite (= d 6) 1 (ite (= d 9) 2 0))))
(define-fun e5 ((d Int)) Int (ite (= d 5) 1 0))
(define-fun e7 ((d Int)) Int (ite (= d 7) 1 0))
(declare-const c_A1 Int)
(declare-const c_A2 Int)
(declare-const c_B1 Int)
(declare-const c_B2 Int)
; bounds
(assert (<= 1 c_A1 9))
(assert (<= 1 c_A2 9))
(assert (<= 1 c_B1 9))
(assert (<= 1 c_B2 9))
; products
(assert (and (= (+ (e2 c_A1) (e2 c_A2)) 1) (= (+ (e3 c_A1) (e3 c_A2)) 0) (= (+ (e5 c_A1) (e5 c_A2)) 0) (= (+ (e7 c_A1) (e7 c_A2)) 0))) ; row A product 2
(assert (and (= (+ (e2 c_B1) (e2 c_B2)) 2) (= (+ (e3 c_B1) (e3 c_B2)) 0) (= (+ (e5 c_B1) (e5 c_B2)) 0) (= (+ (e7 c_B1) (e7 c_B2)) 0))) ; row B product 4
(assert (and (= (+ (e2 c_A1) (e2 c_B1)) 2) (= (+ (e3 c_A1) (e3 c_B1)) 0) (= (+ (e5 c_A1) (e5 c_B1)) 0) (= (+ (e7 c_A1) (e7 c_B1)) 0))) ; column 1 product 4
(assert (and (= (+ (e2 c_A2) (e2 c_B2)) 1) (= (+ (e3 c_A2) (e3 c_B2)) 0) (= (+ (e5 c_A2) (e5 c_B2)) 0) (= (+ (e7 c_A2) (e7 c_B2)) 0))) ; column 2 product 2
(check-sat)
(get-value (c_A1 c_A2 c_B1 c_B2))
