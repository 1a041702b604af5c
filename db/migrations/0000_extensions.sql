-- Trigram indexes back the title and name searches of the list screens.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
