export { afterCommit, type Database, db, registerDatabase, transaction } from './connection';
export { countQueries, queryLogger } from './queryCounter';
export { RecordNotFound } from './RecordNotFound';
