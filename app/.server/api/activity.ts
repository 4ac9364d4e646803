import type { ApiActivityPage } from "../../../core/contract";
import type { ApiClient } from "./client";

/** The activity log (api/activity/routes.ts): one function per endpoint. */

/**
 * GET /users/{id}/activity?person=&meter=&from=&to=&page=: one page of the log the person may
 * read. The failure is given back (a refused filter answers 400 with its field).
 */
export function activityPage(api: ApiClient, userId: number, query: URLSearchParams) {
  const search = query.toString();
  return api.request<ApiActivityPage>(
    "GET",
    `/users/${userId}/activity${search ? `?${search}` : ""}`,
  );
}

/** GET /users/{id}/activity.csv with the same filters: the file, or null if the API is unreachable. */
export function activityCsv(api: ApiClient, userId: number, query: URLSearchParams) {
  const search = query.toString();
  return api.file("GET", `/users/${userId}/activity.csv${search ? `?${search}` : ""}`, {
    accept: "text/csv",
  });
}
