/** The dispatcher's name: in logs, on its broker connection, and as its consumer's key in the inbox. */
export const SERVICE_NAME = 'webhook-dispatcher';
