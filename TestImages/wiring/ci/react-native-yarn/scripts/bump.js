console.log("bump");
