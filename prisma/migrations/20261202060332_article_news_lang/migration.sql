-- CreateIndex
CREATE INDEX "Article_isNews_lang_idx" ON "Article"("isNews", "lang");

