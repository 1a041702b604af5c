-- An event stream opened with a personal API token (decision 086) ends with the token, as a
-- session's does (decision 081): every deleted token row (a revocation by its owner or an admin,
-- and the cascade of its account's deletion) is announced on 'session_ended' at commit, under the
-- owner name the stream was opened with ('api-token:' and the token's id).
CREATE FUNCTION api_token_ended_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', json_build_object('sessionId', 'api-token:' || OLD.id, 'userId', OLD.user_id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_tokens_ended AFTER DELETE ON api_tokens FOR EACH ROW EXECUTE FUNCTION api_token_ended_notify();
