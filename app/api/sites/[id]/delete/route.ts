// Delete a site from an HTML form (the confirmation on /sites/:id/delete); scripts use DELETE /api/sites/:id.
export { DELETE as POST } from "../route.ts";
