"""How the tools name an engine: `PATH` or `PATH|Option=value,...`, in a
game set by UCI_Variant where it is not chess."""


def engine_setup(engine, variant, *first):
    """The engine's program and the UCI commands that set it up: `uci`,
    then the commands `first`, the game and the engine's options."""
    exe, _, opts = engine.partition("|")
    commands = ["uci", *first]
    if variant != "chess":
        commands.append(f"setoption name UCI_Variant value {variant}")
    for opt in filter(None, opts.split(",")):
        name, value = opt.split("=", 1)
        commands.append(f"setoption name {name} value {value}")
    return exe, commands
