require("./play").upload();
