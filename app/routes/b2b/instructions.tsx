import { href } from "react-router";
import { requireShell } from "../../.server/shell";
import { translatedContent } from "../../.server/content";
import { can } from "../../../core/permissions";
import { canSubmitReadings } from "../../../core/readings";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/instructions";

export const handle: RouteHandle = { breadcrumb: "shell:nav.instructions" };

interface Section {
  heading: string;
  steps: string[];
  diagram: string;
}
interface Instructions {
  title: string;
  intro: string;
  where: { heading: string; body: string };
  single: Section;
  dual: Section;
  mechanical: Section;
  gas: Section;
  tip: string;
  day: string;
  night: string;
  goToForm: string;
}

/**
 * Reading instructions (spec §2 /instructions: signed-in, active user). The long text is
 * translated in the loader (locales/{el,en}/instructions.json) and sent with this page only.
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const content = translatedContent<Instructions>(args.context, "instructions:page");
  return {
    title: content.title,
    content,
    // The link to the form only where the form exists for the selected supply and the person
    // may send a reading (a viewer may not: #38 §4).
    formLink:
      canSubmitReadings(shell.selectedMeter) && can(shell.user.test_role, "submit_reading")
        ? href("/b2b/kataxorisi")
        : null,
  };
}

/** How to read each kind of meter, with a diagram of each (SVG, described by its caption). */
export default function ReadingInstructions({ loaderData }: Route.ComponentProps) {
  const { content, formLink } = loaderData;
  return (
    <div className="prose">
      <h1>{content.title}</h1>
      <p>{content.intro}</p>
      <section className="card" aria-labelledby="instructions-where">
        <h2 id="instructions-where">{content.where.heading}</h2>
        <p>{content.where.body}</p>
        {formLink ? (
          <p>
            <a className="btn" href={formLink}>
              {content.goToForm}
            </a>
          </p>
        ) : null}
      </section>
      <InstructionCard id="single" section={content.single}>
        <DigitalMeter rows={[{ code: "1.8.0", value: "012345", decimal: "6" }]} />
      </InstructionCard>
      <InstructionCard id="dual" section={content.dual}>
        <DigitalMeter
          rows={[
            { code: `T1 1.8.1 · ${content.day}`, value: "024680", decimal: "" },
            { code: `T2 1.8.2 · ${content.night}`, value: "013579", decimal: "" },
          ]}
        />
      </InstructionCard>
      <InstructionCard id="mechanical" section={content.mechanical}>
        <WheelMeter digits="04578" decimals="3" unit="kWh" />
      </InstructionCard>
      <InstructionCard id="gas" section={content.gas}>
        <WheelMeter digits="04321" decimals="567" unit="m³" />
      </InstructionCard>
      <p className="alert alert--warning">{content.tip}</p>
    </div>
  );
}

function InstructionCard({
  id,
  section,
  children,
}: {
  id: string;
  section: Section;
  children: React.ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={`instructions-${id}`}>
      <h2 id={`instructions-${id}`}>{section.heading}</h2>
      <figure className="figure">
        {children}
        <figcaption className="muted">{section.diagram}</figcaption>
      </figure>
      <ol>
        {section.steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

const CELL = 34;
const INK = "#1c2530";
const RED = "#b3261e";
/** A wheel shows its digit and, peeking above and below, its neighbours: it is a rolling drum. */
const DRUM_ROWS = [
  { y: 40, fontSize: 10, fill: "#9aa4af", step: 9 },
  { y: 64, fontSize: 24, fill: "#fff", step: 0 },
  { y: 77, fontSize: 10, fill: "#9aa4af", step: 1 },
];

/** Number wheels (electromechanical or gas meter): black whole units, red decimals. */
function WheelMeter({
  digits,
  decimals,
  unit,
}: {
  digits: string;
  decimals: string;
  unit: string;
}) {
  const cells = [...digits]
    .map((d) => ({ d, red: false }))
    .concat([...decimals].map((d) => ({ d, red: true })));
  const width = 24 + cells.length * CELL + 60;
  return (
    <svg className="diagram" viewBox={`0 0 ${width} 120`} aria-hidden="true" focusable="false">
      <rect
        x="1"
        y="1"
        width={width - 2}
        height="118"
        rx="12"
        fill="#f3f5f8"
        stroke="#55606c"
        strokeWidth="2"
      />
      {cells.map((cell, i) => (
        <g key={i}>
          <rect
            x={12 + i * CELL}
            y="30"
            width={CELL - 4}
            height="50"
            rx="4"
            fill={cell.red ? RED : INK}
          />
          {DRUM_ROWS.map((row) => (
            <text
              key={row.y}
              x={12 + i * CELL + (CELL - 4) / 2}
              y={row.y}
              fontSize={row.fontSize}
              textAnchor="middle"
              fill={row.fill}
              fontFamily="monospace"
            >
              {(Number(cell.d) + row.step) % 10}
            </text>
          ))}
        </g>
      ))}
      <text x={18 + cells.length * CELL} y="62" fontSize="16" fill={INK}>
        {unit}
      </text>
      <line
        x1="12"
        x2={12 + digits.length * CELL - 4}
        y1="96"
        y2="96"
        stroke={INK}
        strokeWidth="3"
      />
      <text x="12" y="112" fontSize="12" fill={INK} fontFamily="monospace">
        {digits.replace(/^0+/, "")}
      </text>
    </svg>
  );
}

/** A digital (LCD) meter: one row per register with its OBIS code; decimals after a point. */
function DigitalMeter({ rows }: { rows: { code: string; value: string; decimal: string }[] }) {
  const height = 24 + rows.length * 70;
  return (
    <svg className="diagram" viewBox={`0 0 340 ${height}`} aria-hidden="true" focusable="false">
      <rect
        x="1"
        y="1"
        width="338"
        height={height - 2}
        rx="12"
        fill="#f3f5f8"
        stroke="#55606c"
        strokeWidth="2"
      />
      {rows.map((row, r) => (
        <g key={row.code} transform={`translate(0 ${12 + r * 70})`}>
          <rect x="10" y="0" width="240" height="62" rx="6" fill="#c9d8c5" stroke="#55606c" />
          <text x="18" y="18" fontSize="13" fill={INK} fontFamily="monospace">
            {row.code}
          </text>
          <text x="18" y="50" fontSize="26" fill={INK} fontFamily="monospace">
            {row.value}
            {row.decimal ? <tspan fill={RED}>.{row.decimal}</tspan> : null}
          </text>
          <text x="200" y="50" fontSize="15" fill={INK}>
            kWh
          </text>
          <circle cx="292" cy="31" r="16" fill="#55606c" />
          <text x="292" y="36" fontSize="13" textAnchor="middle" fill="#fff">
            ▶
          </text>
        </g>
      ))}
    </svg>
  );
}
