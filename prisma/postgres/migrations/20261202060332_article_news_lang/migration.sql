-- PostgreSQL counterpart of SQLite's 20261202060332_article_news_lang (npm run db:migration).
-- CreateIndex
CREATE INDEX "Article_isNews_lang_idx" ON "Article"("isNews", "lang");

