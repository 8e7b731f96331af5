import { sql, type Kysely } from 'kysely';

/**
 * An article is also found by what kind of produce it is: its subcategory's and category's
 * names, in both languages, join its search text with weight C (below its own names, A, and
 * its descriptions, B). A buyer who types 'berries', 'citrus' or 'verduras' means a kind, not
 * a word a grower wrote. Renaming a category or subcategory refreshes its articles.
 *
 * Typos are forgiven by edit distance (`levenshtein`, from fuzzystrmatch), which trigram
 * similarity cannot do without inventing: 'onion' is as near 'on' as 'avocdo' is 'avocado'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists fuzzystrmatch`.execute(db);
  await sql`
    create or replace function articles_search_refresh() returns trigger language plpgsql as $$
    declare
      names_en text := lower(unaccent(coalesce(new.name_en, '')));
      names_sp text := lower(unaccent(coalesce(new.name_sp, '')));
      texts_en text := lower(unaccent(coalesce(new.description_en, '')));
      texts_sp text := lower(unaccent(coalesce(new.description_sp, '')));
      origin text := lower(unaccent(coalesce(new.origin, '')));
      kinds_en text := '';
      kinds_sp text := '';
    begin
      if names_en = '' and names_sp = '' then
        names_en := lower(unaccent(coalesce(new.name, '')));
      end if;
      select lower(unaccent(s.name_en || ' ' || c.name_en)),
             lower(unaccent(s.name_sp || ' ' || c.name_sp))
        into kinds_en, kinds_sp
        from subcategories s join categories c on c.id = s.category_id
        where s.id = new.subcategory_id;
      kinds_en := coalesce(kinds_en, '');
      kinds_sp := coalesce(kinds_sp, '');
      new.search_names := trim(names_en || ' ' || names_sp);
      new.search_all := trim(
        new.search_names || ' ' || texts_en || ' ' || texts_sp || ' ' || origin || ' ' ||
        kinds_en || ' ' || kinds_sp);
      new.search_vector :=
        setweight(to_tsvector('english', names_en), 'A') ||
        setweight(to_tsvector('spanish', names_sp), 'A') ||
        setweight(to_tsvector('simple', new.search_names), 'A') ||
        setweight(to_tsvector('english', texts_en), 'B') ||
        setweight(to_tsvector('spanish', texts_sp), 'B') ||
        setweight(to_tsvector('simple', texts_en || ' ' || texts_sp || ' ' || origin), 'B') ||
        setweight(to_tsvector('english', kinds_en), 'C') ||
        setweight(to_tsvector('spanish', kinds_sp), 'C') ||
        setweight(to_tsvector('simple', kinds_en || ' ' || kinds_sp), 'C');
      return new;
    end $$`.execute(db);

  await sql`
    create function subcategory_articles_search_refresh() returns trigger language plpgsql as $$
    begin
      update articles set subcategory_id = subcategory_id where subcategory_id = new.id;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger subcategory_articles_search_refresh
    after update of name_en, name_sp, category_id on subcategories
    for each row execute function subcategory_articles_search_refresh()`.execute(db);

  await sql`
    create function category_articles_search_refresh() returns trigger language plpgsql as $$
    begin
      update articles set subcategory_id = subcategory_id
        where subcategory_id in (select id from subcategories where category_id = new.id);
      return new;
    end $$`.execute(db);
  await sql`
    create trigger category_articles_search_refresh
    after update of name_en, name_sp on categories
    for each row execute function category_articles_search_refresh()`.execute(db);

  await sql`update articles set subcategory_id = subcategory_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger category_articles_search_refresh on categories`.execute(db);
  await sql`drop function category_articles_search_refresh()`.execute(db);
  await sql`drop trigger subcategory_articles_search_refresh on subcategories`.execute(db);
  await sql`drop function subcategory_articles_search_refresh()`.execute(db);
}
