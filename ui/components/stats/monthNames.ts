/** "YYYY-MM" as the charts and tables name it: "Mar", "March 2026". */
const at = (month: string) => {
  const [year, m] = month.split("-").map(Number);
  return new Date(Date.UTC(year, m - 1, 1));
};

export const longMonth = (month: string) => at(month).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

export const shortMonth = (month: string) => at(month).toLocaleString("en-US", { month: "short", timeZone: "UTC" });
