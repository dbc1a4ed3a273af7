/** A refusal or failure the CLI shows as it is (the message is for the operator). */
export class BackupError extends Error {}
