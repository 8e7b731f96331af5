import { sql, type Kysely } from 'kysely';

/**
 * Articles in two languages and a search that finds them; the side that added a dispute photo.
 *
 * - `name_en`/`name_sp` and `description_en`/`description_sp`: the grower fills either
 *   language or both. `name` and `description` stay as the fallback every older reader uses
 *   (the English text, else the Spanish one); the service keeps them in step.
 * - `search_names` (both names) and `search_all` (names, descriptions, origin) are the
 *   unaccented lower-case text trigram similarity compares typed words with; `search_vector`
 *   holds the same words for full-text search: names with weight A, the rest B, each
 *   language stemmed by its own dictionary plus once unstemmed ('simple') for prefixes.
 *   A trigger keeps them, since `unaccent` is not immutable and cannot make generated
 *   columns. Both engines load `unaccent` and `pg_trgm` (PGlite as contrib extensions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);

  await sql`alter table articles add column name_en text`.execute(db);
  await sql`alter table articles add column name_sp text`.execute(db);
  await sql`alter table articles add column description_en text`.execute(db);
  await sql`alter table articles add column description_sp text`.execute(db);
  await sql`alter table articles add column search_names text not null default ''`.execute(db);
  await sql`alter table articles add column search_all text not null default ''`.execute(db);
  await sql`alter table articles add column search_vector tsvector`.execute(db);

  await sql`
    create function articles_search_refresh() returns trigger language plpgsql as $$
    declare
      names_en text := lower(unaccent(coalesce(new.name_en, '')));
      names_sp text := lower(unaccent(coalesce(new.name_sp, '')));
      texts_en text := lower(unaccent(coalesce(new.description_en, '')));
      texts_sp text := lower(unaccent(coalesce(new.description_sp, '')));
      origin text := lower(unaccent(coalesce(new.origin, '')));
    begin
      if names_en = '' and names_sp = '' then
        names_en := lower(unaccent(coalesce(new.name, '')));
      end if;
      new.search_names := trim(names_en || ' ' || names_sp);
      new.search_all := trim(new.search_names || ' ' || texts_en || ' ' || texts_sp || ' ' || origin);
      new.search_vector :=
        setweight(to_tsvector('english', names_en), 'A') ||
        setweight(to_tsvector('spanish', names_sp), 'A') ||
        setweight(to_tsvector('simple', new.search_names), 'A') ||
        setweight(to_tsvector('english', texts_en), 'B') ||
        setweight(to_tsvector('spanish', texts_sp), 'B') ||
        setweight(to_tsvector('simple', texts_en || ' ' || texts_sp || ' ' || origin), 'B');
      return new;
    end $$`.execute(db);
  await sql`
    create trigger articles_search_refresh before insert or update on articles
    for each row execute function articles_search_refresh()`.execute(db);

  await sql`
    update articles set name_en = name, description_en = nullif(description, '')`.execute(db);

  // The grower's answer to a dispute may carry photos too; each photo says whose it is.
  await sql`
    alter table dispute_images add column uploaded_by text not null default 'buyer'
      check (uploaded_by in ('buyer', 'vendor'))`.execute(db);

  await sql`create index articles_search_vector on articles using gin (search_vector)`.execute(db);
  await sql`create index articles_search_trgm on articles using gin (search_all gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dispute_images drop column uploaded_by`.execute(db);
  await sql`drop trigger articles_search_refresh on articles`.execute(db);
  await sql`drop function articles_search_refresh()`.execute(db);
  for (const column of [
    'search_vector',
    'search_all',
    'search_names',
    'description_sp',
    'description_en',
    'name_sp',
    'name_en',
  ]) {
    await sql`alter table articles drop column ${sql.ref(column)}`.execute(db);
  }
}
