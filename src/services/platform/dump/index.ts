// Backups: the database and the media folder in one archive (./backup.ts), the database part in a
// portable format that moves between the embedded database and PostgreSQL (./database.ts).
export { applyBackup, assertBackupRoom, stageBackup, writeBackup, type BackupManifest, type RestoreSummary } from './backup.js';
export { dumpDatabase, loadOrder, restoreDatabase, type OmittedSecret } from './database.js';
