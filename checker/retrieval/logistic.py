"""L2-regularised logistic regression with balanced class weights, fitted by Newton's method.

The model is scikit-learn's `LogisticRegression(C, penalty="l2", class_weight="balanced",
solver="lbfgs")`: it minimises

    ½‖w‖² + C · Σᵢ sᵢ · log(1 + exp(−yᵢ (xᵢ·w + b))),   yᵢ ∈ {−1, +1},

with the intercept b unpenalised and sᵢ = n / (2 · nᵢ), nᵢ the number of rows of yᵢ's class.
The reranker fits it several times per corpus on a handful of features; with so few columns a
Newton step (a 10 × 10 solve) is far cheaper than a general solver's set-up, and the objective
is strictly convex, so the optimum is one point. A test holds the fitted weights to
scikit-learn's.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]

#: Stop when every partial derivative of the objective is below this.
GRADIENT_TOLERANCE = 1e-9
MAX_NEWTON_STEPS = 100


@dataclass(frozen=True)
class Logistic:
    """A fitted model: weights per column and the intercept."""

    weights: Floats
    intercept: float

    def decision_function(self, x: Floats) -> Floats:
        return np.asarray(x @ self.weights + self.intercept, dtype=np.float64)


def _objective(z: Floats, sign: Floats, s: Floats, w: Floats, c: float) -> float:
    return float(0.5 * w @ w + c * (s * np.logaddexp(0.0, -sign * z)).sum())


def fit_logistic(
    x: Floats, labels: Bools, c: float = 1.0, start: Logistic | None = None
) -> Logistic:
    """The minimiser of the objective above (both classes must be present). `start` is where
    Newton's method begins (zero by default); the objective is strictly convex, so the
    minimiser is the same from anywhere, and a start near it saves steps."""
    n, d = x.shape
    positives = int(labels.sum())
    if positives in (0, n):
        raise ValueError("both classes are needed to fit a logistic regression")
    s = np.where(labels, n / (2 * positives), n / (2 * (n - positives)))
    sign = np.where(labels, 1.0, -1.0)
    design = np.column_stack([x, np.ones(n)])
    penalty = np.ones(d + 1)
    penalty[-1] = 0.0  # the intercept is not regularised
    theta = np.zeros(d + 1) if start is None else np.append(start.weights, start.intercept)
    z = design @ theta
    value = _objective(z, sign, s, theta[:-1], c)
    for _ in range(MAX_NEWTON_STEPS):
        p = 0.5 * (1.0 + np.tanh(0.5 * z))  # the logistic function, without overflow
        gradient = penalty * theta + c * design.T @ (s * (p - labels))
        if np.abs(gradient).max() < GRADIENT_TOLERANCE:
            break
        curvature = c * s * p * (1.0 - p)
        hessian = np.diag(penalty) + design.T @ (design * curvature[:, None])
        step = np.linalg.solve(hessian + 1e-12 * np.eye(d + 1), gradient)
        # Halve the step until the objective does not grow (Newton steps on a convex objective
        # need this only far from the optimum).
        scale = 1.0
        while True:
            trial = theta - scale * step
            z_trial = design @ trial
            trial_value = _objective(z_trial, sign, s, trial[:-1], c)
            if trial_value <= value + 1e-12 * max(1.0, abs(value)) or scale < 1e-10:
                break
            scale *= 0.5
        theta, z, value = trial, z_trial, trial_value
    return Logistic(theta[:-1].copy(), float(theta[-1]))
