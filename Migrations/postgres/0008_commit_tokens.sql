-- PostgreSQL only: each write leaves a token of its own, kept for an hour, so that a command
-- whose connection was lost as it committed can ask whether its commit went through. Its
-- transaction id cannot say so alone: after a crash, an id whose transaction never reached the
-- log is handed out again, and the next transaction to get it may well commit.
CREATE TABLE commit_token (
  token uuid PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX commit_token_at ON commit_token (at);
