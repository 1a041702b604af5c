-- The spec's predefined notification channels.
INSERT INTO "notification_channels" ("id", "title", "icon", "photo_url") VALUES
  ('general', 'General', 'bell', ''),
  ('announcements', 'Announcements', 'megaphone', ''),
  ('social', 'Social', 'people', '')
ON CONFLICT ("id") DO NOTHING;
