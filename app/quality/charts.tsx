"use client";
// Quality charts (recharts). Each chart is paired with a data table on the page, so the numbers are
// there for screen readers and without JavaScript.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { CountRow, ModelVersionRow, ThroughputRow } from "@/lib/db/quality.ts";

const COLORS = ["#b3261e", "#1b6e3a", "#2f5aa8", "#a86b00", "#6b3fa0", "#4d4d4d", "#0f7c86"];
// Charts take their container's width (a phone is 390 px wide); heights are fixed.
const H = 240;

export function CountChart({ rows, label }: { rows: CountRow[]; label: string }) {
  return (
    <ResponsiveContainer width="100%" height={H}>
    <BarChart data={rows} role="img" aria-label={label} margin={{ left: 0, right: 8, top: 8, bottom: 8 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="name" fontSize={11} interval={0} angle={-20} textAnchor="end" height={50} />
      <YAxis allowDecimals={false} fontSize={11} />
      <Tooltip />
      <Bar dataKey="count" fill={COLORS[2]} isAnimationActive={false} />
    </BarChart>
    </ResponsiveContainer>
  );
}

export function ModelChart({ rows }: { rows: ModelVersionRow[] }) {
  const data = rows.map((r) => ({ name: `#${r.id} ${r.kind}`, accuracy: r.accuracy, precision: r.precision, recall: r.recall, f1: r.f1 }));
  return (
    <ResponsiveContainer width="100%" height={H}>
    <BarChart data={data} role="img" aria-label="Cross-validation metrics per model version" margin={{ left: 0, right: 8, top: 8, bottom: 8 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="name" fontSize={11} />
      <YAxis domain={[0.5, 1]} fontSize={11} />
      <Tooltip />
      <Legend />
      {(["accuracy", "precision", "recall", "f1"] as const).map((k, i) => <Bar key={k} dataKey={k} fill={COLORS[i]} isAnimationActive={false} />)}
    </BarChart>
    </ResponsiveContainer>
  );
}

export function ThroughputChart({ rows, errorKeys }: { rows: ThroughputRow[]; errorKeys: string[] }) {
  const data = rows.map((r) => ({ hour: `${r.hour.slice(5, 10)} ${r.hour.slice(11, 13)}h`, fetches: r.fetches, "not found": r.notFound, failures: r.errors, ...r.byKey }));
  return (
    <ResponsiveContainer width="100%" height={H}>
    <LineChart data={data} role="img" aria-label="Fetches, dead links and failures per hour" margin={{ left: 0, right: 8, top: 8, bottom: 8 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="hour" fontSize={11} minTickGap={24} />
      <YAxis allowDecimals={false} fontSize={11} />
      <Tooltip />
      <Legend />
      <Line type="monotone" dataKey="fetches" stroke={COLORS[2]} dot={false} isAnimationActive={false} />
      <Line type="monotone" dataKey="not found" stroke={COLORS[5]} dot={false} isAnimationActive={false} />
      <Line type="monotone" dataKey="failures" stroke={COLORS[0]} dot={false} isAnimationActive={false} />
      {errorKeys.map((k, i) => <Line key={k} type="monotone" dataKey={k} stroke={COLORS[(i + 3) % COLORS.length]} strokeDasharray="4 2" dot={false} isAnimationActive={false} />)}
    </LineChart>
    </ResponsiveContainer>
  );
}
