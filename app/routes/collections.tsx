export default function Page() {
  return <h1 className="font-display p-8 text-4xl">collections</h1>;
}
