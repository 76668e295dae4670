import type { DeleteAccountRequest, MyData } from "../../server/contracts/account";
import { api } from "./client";

/** People own their data (issue 32): what the site keeps about the signed-in person, and deleting their account. */
export const fetchMyData = () => api.get<MyData>("/api/auth/my_data");
export const deleteAccountRequest = (body: DeleteAccountRequest) => api.post<{ result: string }>("/api/auth/delete_account", body);
