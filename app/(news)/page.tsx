import { getDb } from "@/lib/db/client.ts";
import { listNews } from "@/lib/db/news.ts";
import { NewsFeed } from "./news-feed";

export const dynamic = "force-dynamic";

export default async function NewsPage() {
  const stories = await listNews(await getDb());
  return (
    <>
      <h1>News</h1>
      <NewsFeed initial={stories} />
    </>
  );
}
