/**
 * The fact store: what step 1 keeps of each file for correlation and the report step (workspace
 * `facts/<index>.bin`), as compact columns rather than a string or tuple per record. Step 1
 * collects into CollectedFacts (column builders) and writes them with the facts codec;
 * correlation and the report step read them back as FileFacts or, compactly, as CompactFacts.
 */

// One file's facts, the keys and texts their rows carry.
export * from './file-facts.ts';
export { changeDocDetail, describeChangeDoc, describeSm20 } from './activity-text.ts';

// Written by step 1.
export * from './collected-facts.ts';
export { writableFacts } from './writable-facts.ts';
export { DictColumnBuilder, NumColumnBuilder, PackedColumnBuilder } from './column-builders.ts';
export { TimeColumnBuilder } from './time-column-builder.ts';
export { DocRowVolume } from './doc-row-volume.ts';
export { packFacts, unpackFacts } from './facts-transfer.ts';

// Stored and read back.
export { decodeFacts, encodeFacts, readFacts, writeFacts, type DecodeMode, type Skip } from './facts-codec.ts';

// Read by correlation.
export { epochsOf, toCompactFacts, type CompactDocs, type CompactFacts, type NumColumn, type StrLists } from './compact-facts.ts';
export * from './columns.ts';
