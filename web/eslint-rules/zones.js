import path from 'node:path';

/**
 * Import zones of the web app, checked on the resolved path of every relative import (so the
 * depth of the importing file does not matter, as it does for path patterns):
 * - a feature (`src/features/<name>/`) imports neither `src/app/` nor another feature;
 * - shared code (`src/lib/`, `src/components/`) imports neither `src/app/` nor any feature.
 * `src/app/` composes everything and may import anything.
 */
const zoneOf = (srcDir, file) => {
  const relative = path.relative(srcDir, file).split(path.sep);
  if (relative[0] === '..') return null;
  if (relative[0] === 'features') return { kind: 'feature', name: relative[1] };
  if (relative[0] === 'app') return { kind: 'app' };
  if (relative[0] === 'lib' || relative[0] === 'components') return { kind: 'shared', name: relative[0] };
  return { kind: 'root' };
};

function problem(from, to) {
  if (!from || !to) return null;
  if (from.kind === 'feature' && to.kind === 'app') return `Features do not import app/ (feature "${from.name}"): move what they share to lib/ or components/.`;
  if (from.kind === 'feature' && to.kind === 'feature' && to.name !== from.name)
    return `Features do not import each other ("${from.name}" imports "${to.name}"): move what they share to lib/ or components/.`;
  if (from.kind === 'shared' && (to.kind === 'app' || to.kind === 'feature')) return `Shared code in ${from.name}/ imports neither app/ nor features.`;
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', docs: { description: 'Keep features apart from app/ and from each other' }, schema: [{ type: 'object', properties: { srcDir: { type: 'string' } }, required: ['srcDir'] }] },
  create(context) {
    const srcDir = context.options[0].srcDir;
    const from = zoneOf(srcDir, context.filename);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const message = problem(from, zoneOf(srcDir, path.resolve(path.dirname(context.filename), source)));
      if (message) context.report({ node: node.source, message });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { zones: rule } };
