// Checkable proofs for Kirchhoff hints and lost verdicts: the public names,
// mirroring src/proofgrid/kirchhoff/proof.py (its module docstring is the
// algorithm). The work is split file for file as in Python: notation.js
// (names, parsing, the region rule's arithmetic), prover.js (tapes, phases,
// saturation, the searches) and writer.js (replay with one handler per rule,
// relevance, minimal regions). A proof: {uses: ["a1>b1", ...], steps: [STEP,
// ...], ends?: END} (docs/proofs.md), byte-identical (as JSON) to Python's.

export { edgeName, nodeName, parseNode, regionNumbers } from './notation.js';
export { BUDGET, obviousEmpties, proveHint, proveLost } from './prover.js';
