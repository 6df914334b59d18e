// sigh's Interactive Sudoku Solver run headless under node, for the side-by-side
// table of bench/variants.sh (ISS is MIT; check it out outside this repository).
//   node bench/iss_count.mjs ISS inputs FILE.jsonl
//     ISS's own constraint string of each puzzle of a corpus file (found by its
//     corpus name: ISS's name, or COLLECTION#i), one JSON object {name, input}
//     a line; puzzles ISS does not hold are left out.
//   node bench/iss_count.mjs ISS count INPUTS.jsonl
//     counts each puzzle of INPUTS.jsonl (what `inputs` prints) up to 2, in one
//     process, and prints its name, count and milliseconds inside the solver,
//     then the total inside the solver.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [iss, mode, file] = process.argv.slice(2);
const load = (p) => import(pathToFileURL(join(iss, p)).href);
const { ensureGlobalEnvironment } = await load('tests/helpers/test_env.js');
ensureGlobalEnvironment();

if (mode === 'inputs') {
  const { allPuzzles } = await load('tools/lib/puzzle_runner.js');
  const byName = new Map(allPuzzles().map((p) => [p.name, p.input]));
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const { name } = JSON.parse(line);
    const input = byName.get(name);
    if (input !== undefined && !input.startsWith('/')) {
      console.log(JSON.stringify({ name, input }));
    }
  }
} else if (mode === 'count') {
  const { SudokuParser } = await load('js/sudoku_parser.js');
  const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');
  let total = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const { name, input } = JSON.parse(line);
    const t0 = performance.now();
    const solver = SudokuBuilder.build(SudokuParser.parseText(input));
    const count = solver.countSolutions(2);
    const ms = performance.now() - t0;
    total += ms;
    console.log(`${name}\t${count}\t${ms.toFixed(1)}`);
  }
  console.log(`inside\t\t${total.toFixed(1)}`);
} else {
  console.error('usage: node bench/iss_count.mjs ISS (inputs FILE.jsonl | count INPUTS.jsonl)');
  process.exit(2);
}
