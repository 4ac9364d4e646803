import { requireShell } from "../../.server/shell";
import { translatedContent } from "../../components/content.server";
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
  single: Section;
  dual: Section;
  gas: Section;
  tip: string;
  day: string;
  night: string;
}

export async function loader(args: Route.LoaderArgs) {
  await requireShell(args);
  const content = translatedContent<Instructions>(args.context, "static:instructions");
  return { title: content.title, content };
}

/** How to read an electricity meter (single and day/night) and a gas meter, with diagrams. */
export default function ReadingInstructions({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <div className="prose">
      <h1>{content.title}</h1>
      <p>{content.intro}</p>
      <InstructionCard id="single" section={content.single}>
        <Counter digits="012345" unit="kWh" label="1.8.0" />
      </InstructionCard>
      <InstructionCard id="dual" section={content.dual}>
        <DualMeter day={content.day} night={content.night} />
      </InstructionCard>
      <InstructionCard id="gas" section={content.gas}>
        <Counter digits="04321" decimals="567" unit="m³" />
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

/** A meter face: a row of digit wheels, decimals in red, a unit and an optional register code. */
function Counter({
  digits,
  decimals = "",
  unit,
  label,
}: {
  digits: string;
  decimals?: string;
  unit: string;
  label?: string;
}) {
  const cells = [...digits]
    .map((d) => ({ d, red: false }))
    .concat([...decimals].map((d) => ({ d, red: true })));
  const width = 24 + cells.length * CELL + 60;
  return (
    <svg className="diagram" viewBox={`0 0 ${width} 120`} aria-hidden="true">
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
      {label ? (
        <text x="12" y="26" fontSize="14" fill="#1c2530" fontFamily="monospace">
          {label}
        </text>
      ) : null}
      {cells.map((cell, i) => (
        <g key={i}>
          <rect
            x={12 + i * CELL}
            y="40"
            width={CELL - 4}
            height="44"
            rx="4"
            fill={cell.red ? "#b3261e" : "#1c2530"}
          />
          <text
            x={12 + i * CELL + (CELL - 4) / 2}
            y="72"
            fontSize="24"
            textAnchor="middle"
            fill="#fff"
            fontFamily="monospace"
          >
            {cell.d}
          </text>
        </g>
      ))}
      <text x={18 + cells.length * CELL} y="70" fontSize="16" fill="#1c2530">
        {unit}
      </text>
    </svg>
  );
}

function DualMeter({ day, night }: { day: string; night: string }) {
  const rows = [
    { code: "T1 1.8.1", name: day, value: "024680" },
    { code: "T2 1.8.2", name: night, value: "013579" },
  ];
  return (
    <svg className="diagram" viewBox="0 0 330 150" aria-hidden="true">
      <rect
        x="1"
        y="1"
        width="328"
        height="148"
        rx="12"
        fill="#f3f5f8"
        stroke="#55606c"
        strokeWidth="2"
      />
      {rows.map((row, r) => (
        <g key={row.code} transform={`translate(0 ${12 + r * 66})`}>
          <text x="12" y="16" fontSize="13" fill="#1c2530" fontFamily="monospace">
            {row.code} · {row.name}
          </text>
          {[...row.value].map((digit, i) => (
            <g key={i}>
              <rect x={12 + i * 30} y="24" width="26" height="34" rx="3" fill="#1c2530" />
              <text
                x={25 + i * 30}
                y="48"
                fontSize="20"
                textAnchor="middle"
                fill="#fff"
                fontFamily="monospace"
              >
                {digit}
              </text>
            </g>
          ))}
          <text x="200" y="47" fontSize="15" fill="#1c2530">
            kWh
          </text>
        </g>
      ))}
    </svg>
  );
}
