/** A company's outgoing webhook (migration 056; docs/decisions/062-webhooks.md). */
export interface WebhooksTable {
  id: string;
  organisation_id: string;
  url: string;
  /** JSON array of the events it is told of. */
  events: string;
  /** The signing secret, sealed (src/server/security/sealed.ts). */
  secret: string;
  /** The secret's first characters, to tell which one a receiver holds. */
  secret_prefix: string;
  /** 0: paused, told nothing new. */
  active: number;
  created_at: string;
  updated_at: string;
}

/** One event for one webhook, from queued to delivered or given up. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  organisation_id: string;
  /** The event's id, in its body: the same in every attempt. */
  event_id: string;
  /** What the event is about (`course.completed:<enrolment>`), unique per webhook: told twice, delivered once. */
  event_key: string;
  event: string;
  /** The person the event names, so their erasure takes it. */
  user_id: string | null;
  /** The JSON body sent. */
  payload: string;
  status: 'queued' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  response_status: number | null;
  /** The start of the receiver's last answer. */
  response_body: string | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface WebhookTables {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

/** A company's learning record store (migration 057; docs/decisions/063-xapi.md). */
export interface XapiSettingsTable {
  organisation_id: string;
  /** The LRS's xAPI endpoint; statements go to `<endpoint>/statements`. */
  endpoint: string;
  username: string;
  /** Sealed (src/server/security/sealed.ts): it is sent on as Basic credentials. */
  password: string;
  /** 0: paused, nothing new is queued or sent. */
  active: number;
  updated_at: string;
}

/** One xAPI statement, from queued to stored by the LRS or given up. */
export interface XapiStatementsTable {
  /** The statement's id (a UUID), in its body: the LRS stores a statement sent twice once. */
  id: string;
  organisation_id: string;
  /** What the statement is about (`completed:<enrolment>:<cycle>`), unique per company: told twice, queued once. */
  event_key: string;
  verb: string;
  /** The person it names, so their erasure takes it. */
  user_id: string | null;
  /** The statement as JSON. */
  statement: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  response_status: number | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface XapiTables {
  xapi_settings: XapiSettingsTable;
  xapi_statements: XapiStatementsTable;
}
