// Where a command writes: @nl2sql/evaluate's Io, injected so tests capture output.

export { type Io, processIo } from '@nl2sql/evaluate/options';
